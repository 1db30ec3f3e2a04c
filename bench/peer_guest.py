#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""bpftrace's README one-liners and Debian's bpftrace tools, run in the
test guest by dtrace (--bpftrace) and by each bpftrace the guest has
(bench/peer.sh: Debian 12's 0.17, and Debian 11's 0.11 extracted under
build/). Each run: start the tracer, wait until it prints or at most
ATTACH s, run a small workload, stop it with SIGINT. A run "works" when
the tracer was still running at SIGINT, then exited cleanly and printed
something; else the cell says how it failed. Prints one JSON line,
PEER-JSON, that bench/peer_report.py turns into tables.
"""
import glob
import json
import os
import select
import signal
import subprocess
import sys
import time

ATTACH = 25             # seconds a tracer may take to print its first line
STOP = 60               # seconds to exit after SIGINT
DTRACE = os.path.abspath("user/dtrace")

# bpftrace's README one-liners, as written there (the cgroup one and the
# hardware-counter one, which an emulated CPU lacks, left out).
ONE_LINERS = [
    ("new processes with arguments",
     'tracepoint:syscalls:sys_enter_execve { join(args->argv); }'),
    ("files opened by process",
     'tracepoint:syscalls:sys_enter_openat '
     '{ printf("%s %s\\n", comm, str(args->filename)); }'),
    ("syscall count by program",
     'tracepoint:raw_syscalls:sys_enter { @[comm] = count(); }'),
    ("syscall count by syscall",
     'tracepoint:syscalls:sys_enter_* { @[probe] = count(); }'),
    ("syscall count by process",
     'tracepoint:raw_syscalls:sys_enter { @[pid, comm] = count(); }'),
    ("read bytes by process",
     'tracepoint:syscalls:sys_exit_read /args->ret/ '
     '{ @[comm] = sum(args->ret); }'),
    ("read size distribution by process",
     'tracepoint:syscalls:sys_exit_read { @[comm] = hist(args->ret); }'),
    ("syscall rate per second",
     'tracepoint:raw_syscalls:sys_enter { @ = count(); } '
     'interval:s:1 { print(@); clear(@); }'),
    ("disk size by process",
     'tracepoint:block:block_rq_issue '
     '{ printf("%d %s %d\\n", pid, comm, args->bytes); }'),
    ("page faults by process",
     'software:faults:1 { @[comm] = count(); }'),
    ("user stacks at 99 Hz",
     'profile:hz:99 /comm == "dd"/ { @[ustack] = count(); }'),
    ("kernel function count",
     'kprobe:vfs_* { @[func] = count(); }'),
]

WORKLOAD = ("dd if=/dev/zero of=/dev/null bs=1 count=20000 status=none; "
            "ls / >/dev/null; cat /etc/hostname >/dev/null; "
            "dd if=/dev/zero of=/tmp/peer.dat bs=64k count=16 "
            "conv=fsync status=none; sync; rm -f /tmp/peer.dat; "
            "sh -c true; sleep 0.2")


def run(argv, env):
    """One run: (verdict, output lines, first error line)."""
    p = subprocess.Popen(argv, stdout=subprocess.PIPE,
                         stderr=subprocess.STDOUT, env=env)
    out = b""
    t0 = time.monotonic()
    while not out and time.monotonic() - t0 < ATTACH:
        r = select.select([p.stdout], [], [], 0.5)[0]
        if not r:
            continue
        chunk = os.read(p.stdout.fileno(), 65536)
        if not chunk:
            break
        out += chunk
    time.sleep(1)       # bpftrace prints "Attaching" before it attaches
    subprocess.run(["/bin/sh", "-c", WORKLOAD])
    time.sleep(0.5)
    early = p.poll() is not None
    if not early:
        p.send_signal(signal.SIGINT)
    try:
        out += p.communicate(timeout=STOP)[0]
    except subprocess.TimeoutExpired:
        p.kill()
        out += p.communicate()[0]
        return "hung after SIGINT", 0, ""
    lines = [l for l in out.decode(errors="replace").splitlines()
             if l.strip() and not l.startswith("Attaching ")]
    bad = [l for l in lines if "rror" in l or "not supported" in l
           or "unknown" in l.lower() or "failed" in l.lower()]
    if early and p.returncode:
        return "fails", len(lines), (bad or lines or ["exit %d" %
                                                     p.returncode])[0]
    if p.returncode not in (0, -signal.SIGINT):
        return "fails", len(lines), (bad or lines or ["exit %d" %
                                                     p.returncode])[0]
    if not lines:
        return "no output", 0, ""
    return "works", len(lines), bad[0] if bad else ""


def main():
    # Each tracer: name, argv prefix for a program text, for a script
    # file, its environment, its tools directory.
    peers = json.loads(os.environ["PEERS"])
    env0 = {k: v for k, v in os.environ.items() if k != "PEERS"}
    tracers = [("dtrace", [DTRACE, "--bpftrace", "-e"], [DTRACE, "-s"],
                env0, None)]
    for name, binary, libpath, tools in peers:
        env = dict(env0)
        if libpath:
            env["LD_LIBRARY_PATH"] = libpath
        tracers.append((name, [binary, "-B", "line", "-e"],
                        [binary, "-B", "line"], env, tools))
    res = {"kernel": os.uname().release, "one-liners": {}, "tools": {}}
    for title, prog in ONE_LINERS:
        r = res["one-liners"][title] = {"program": prog}
        for name, e_argv, _, env, _ in tracers:
            print("peer: %s: %s" % (name, title), file=sys.stderr,
                  flush=True)
            r[name] = run(e_argv + [prog], env)
    # The tools: dtrace runs Debian 12's; each bpftrace its own.
    names = sorted(os.path.basename(t) for t in
                   glob.glob("/usr/sbin/*.bt"))
    for tool in names:
        r = res["tools"][tool] = {}
        for name, _, s_argv, env, tools in tracers:
            path = os.path.join(tools or "/usr/sbin", tool)
            if not os.path.exists(path):
                r[name] = ("not shipped", 0, "")
                continue
            print("peer: %s: %s" % (name, tool), file=sys.stderr,
                  flush=True)
            r[name] = run(s_argv + [path], env)
    print("PEER-JSON " + json.dumps(res))
    return 0


if __name__ == "__main__":
    sys.exit(main())
