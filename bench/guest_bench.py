#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Benchmarks of dtrace beside bpftrace, run inside the test guest.

Each case runs the tools in alternation, RUNS times each, and keeps
medians with min and max. Results go to $RESULTS_DIR/bench.json; the host
side (bench/run.sh) prints them as a table. PEERS (JSON: a list of [name,
binary, LD_LIBRARY_PATH or null, tools directory or null]) names the
bpftraces to set beside dtrace; by default the one on PATH, "bpftrace".
"""
import json
import os
import select
import signal
import statistics
import subprocess
import sys
import time

RUNS = int(sys.argv[1]) if len(sys.argv) > 1 else 5
ATTACH_LIMIT = 60       # seconds a tracer may take to say it is ready
STEP_LIMIT = 120        # seconds to start and exit, or to exit after SIGINT
DTRACE = os.path.abspath("user/dtrace")
PEERS = json.loads(os.environ.get("PEERS") or
                   '[["bpftrace", "bpftrace", null, null]]')
# Line-buffered: its "Attaching" line must reach us through a pipe at once.
BPFTRACE = ["-B", "line"]
ENV = {k: v for k, v in os.environ.items() if k != "PEERS"}


def peer_env(libpath):
    env = dict(ENV)
    if libpath:
        env["LD_LIBRARY_PATH"] = libpath
    return env
DD = ["dd", "if=/dev/zero", "of=/dev/null", "bs=1", "count=200000"]
# dd makes one read and one write per byte, and a few more to start.
EVENTS = {"syscalls": 400000, "reads": 200000}


def now():
    return time.monotonic()


def summary(xs):
    return {"median": statistics.median(xs), "min": min(xs), "max": max(xs),
            "runs": xs}


def run_workload():
    t0 = now()
    subprocess.run(DD, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                   check=True)
    return now() - t0


def startup(argv, env=None):
    """Seconds from exec to exit of a tool that exits at BEGIN."""
    t0 = now()
    p = subprocess.run(argv, stdout=subprocess.DEVNULL, env=env or ENV,
                       stderr=subprocess.PIPE, text=True, timeout=STEP_LIMIT)
    if p.returncode:
        raise RuntimeError(p.stderr.strip().splitlines()[-1:] or "failed")
    return now() - t0


def hwm(pid):
    """The process's peak RSS in KiB, from its own mm (VmHWM).

    Not ru_maxrss: that includes the forking Python's memory, which exec
    records as the child's maximum.
    """
    with open("/proc/%d/status" % pid) as f:
        for line in f:
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    return 0


def traced(argv, ready, env=None):
    """Run the workload under a tracer started with argv.

    Returns (workload seconds, seconds to attach, seconds to detach, peak
    RSS of the tracer in KiB, while tracing). `ready` is a string the tracer prints on
    its output once its probes are in place (dtrace's "matched" line,
    which -q would silence).
    """
    t0 = now()
    # One pipe for both: bpftrace says "Attaching" on stdout.
    p = subprocess.Popen(argv, stdout=subprocess.PIPE, env=env or ENV,
                         stderr=subprocess.STDOUT)
    err = b""
    while ready.encode() not in err:
        left = t0 + ATTACH_LIMIT - now()
        r = select.select([p.stdout], [], [], max(0, left))[0]
        chunk = os.read(p.stdout.fileno(), 4096) if r else b""
        if not chunk:
            p.kill()
            p.wait()
            why = err.decode(errors="replace").strip().splitlines()[-1:]
            raise RuntimeError(why or "no '%s' in %d s" % (ready,
                                                           ATTACH_LIMIT))
        err += chunk
    attach = now() - t0
    time.sleep(0.5)      # bpftrace prints before it has attached
    w = run_workload()
    rss = hwm(p.pid)
    t1 = now()
    p.send_signal(signal.SIGINT)
    try:
        rest = p.communicate(timeout=STEP_LIMIT)[0].decode(errors="replace")
    except subprocess.TimeoutExpired:
        p.kill()
        p.communicate()
        raise RuntimeError("still running %d s after SIGINT" % STEP_LIMIT)
    detach = now() - t1
    if p.returncode not in (0, -signal.SIGINT):
        raise RuntimeError(rest.strip().splitlines()[-1:])
    return w, attach, detach, rss


CASES = [
    ("syscall count by program",
     [DTRACE, "-n", "syscall:::entry { @[execname] = count(); }"],
     "matched",
     BPFTRACE + ["-e",
      "tracepoint:raw_syscalls:sys_enter { @[comm] = count(); }"],
     "Attaching", "syscalls"),
    ("vfs_read count by program",
     [DTRACE, "-n", "fbt::vfs_read:entry { @[execname] = count(); }"],
     "matched",
     BPFTRACE + ["-e", "kprobe:vfs_read { @[comm] = count(); }"],
     "Attaching", "reads"),
    # The entry clause only assigns, so as in DTrace it traces the probe
    # (a bare record a firing): -q keeps those lines out of the output,
    # as bpftrace prints nothing there; BEGIN says when it is attached.
    ("vfs_read latency histogram",
     [DTRACE, "-q", "-n",
      "BEGIN { printf(\"attached\\n\"); } "
      "fbt::vfs_read:entry { self->ts = timestamp; } "
      "fbt::vfs_read:return /self->ts/ "
      "{ @ = quantize(timestamp - self->ts); self->ts = 0; }"],
     "attached",
     BPFTRACE + ["-e",
      "kprobe:vfs_read { @start[tid] = nsecs; } "
      "kretprobe:vfs_read /@start[tid]/ "
      "{ @ = hist(nsecs - @start[tid]); delete(@start[tid]); }"],
     "Attaching", "reads"),
]


def measure(fn, *args):
    # Progress on stderr: a stalled step then names itself.
    print("bench: %s %s" % (fn.__name__, " ".join(map(str, args))[:100]),
          file=sys.stderr, flush=True)
    try:
        return fn(*args), None
    except Exception as e:          # a tool that cannot do it: say so
        return None, str(e)


def main():
    out = {"kernel": os.uname().release, "runs": RUNS, "cases": {}}
    res = out["cases"]

    base = [run_workload() for _ in range(RUNS)]
    res["workload untraced"] = {"seconds": summary(base)}
    base_med = statistics.median(base)

    out["tools"] = ["dtrace"] + [p[0] for p in PEERS]
    # Without kernel types, then naming one (BTF loaded and indexed).
    for key, dscript, bscript in (
            ("startup", "BEGIN { exit(0); }", "BEGIN { exit(); }"),
            ("startup with kernel types",
             "BEGIN { trace(curthread->pid); exit(0); }",
             "BEGIN { print(curtask->pid); exit(); }")):
        times = {t: [] for t in out["tools"]}
        errs = {}
        for _ in range(RUNS):
            v, e = measure(startup, [DTRACE, "-q", "-n", dscript])
            times["dtrace"] += [v] if v is not None else []
            errs["dtrace"] = e or errs.get("dtrace")
            for name, binary, libpath, _ in PEERS:
                v, e = measure(startup, [binary] + BPFTRACE +
                               ["-e", bscript], peer_env(libpath))
                times[name] += [v] if v is not None else []
                errs[name] = e or errs.get(name)
        res[key] = {t: summary(times[t]) if times[t] else errs[t]
                    for t in out["tools"]}

    for name, dargv, dready, bargv, bready, kind in CASES:
        r = {"events": EVENTS[kind]}
        for tool, argv, ready, env in (
                [("dtrace", dargv, dready, ENV)] +
                [(pn, [pb] + bargv, bready, peer_env(pl))
                 for pn, pb, pl, _ in PEERS]):
            runs, rss, err = [], 0, None
            for _ in range(RUNS):
                v, e = measure(traced, argv, ready, env)
                if v is None:
                    err = e
                    break
                runs.append((v[0] - base_med) * 1e9 / EVENTS[kind])
                rss = max(rss, v[3])
            r[tool] = ({"ns_per_event": summary(runs), "peak_rss_kib": rss}
                       if runs else {"error": err})
        res[name] = r

    # Every traceable function at once: attach, detach, overhead.
    v, e = measure(traced, [DTRACE, "-n",
                            "fbt:::entry { @[probefunc] = count(); }"],
                   "matched")
    res["fbt:::entry on every function"] = (
        {"attach_s": v[1], "detach_s": v[2], "workload_s": v[0]} if v else
        {"error": e})
    v, e = measure(traced, [PEERS[0][1]] + BPFTRACE +
                   ["-e", "kprobe:* { @[func] = count(); }"], "Attaching",
                   peer_env(PEERS[0][2]))
    res["bpftrace kprobe:*"] = ({"attach_s": v[1], "detach_s": v[2],
                                 "workload_s": v[0]} if v else {"error": e})

    # One line the host picks out of the guest's output.
    print("BENCH-JSON " + json.dumps(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
