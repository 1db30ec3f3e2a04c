#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Refresh QEMU's stale translations of guest kernel text (host side).

Multi-threaded TCG (QEMU 7.2) can keep executing a translation of code
that another vCPU has since rewritten. ftrace's int3 patching then
loops: a vCPU traps on an int3 that is no longer in memory, the
kernel's int3 handler sees the int3 gone and returns to the same
address, and the emulator runs its stale int3 again, with interrupts
off, for good; the CPU patching text waits for that vCPU's IPI answer
(a soft lockup in text_poke_bp_batch). Seen in the 6.1 guest when
every kernel function was armed at once; memory held the new call
(e8), the vCPU trapped at it, and writing that same byte back through
QEMU's gdbstub (which drops the translations of its page) freed it
at once.

This watches the guest through the monitor socket MON: a vCPU with
interrupts off and not halted in every sample for STUCK seconds
(default 10: nothing in the guest may hold interrupts off that long) has
the byte at each address it was seen at written back with its own
value, through a gdbstub opened on GDB. Guest memory does not change;
only the emulator's translations of those pages are dropped. Each
repair is reported on stderr, with whether the vCPU ran again after
it, and the stalls acted on are counted in COUNT_FILE. A vCPU that
only looks stuck (every sample landing in probe context while every
function is traced) costs a harmless rewrite. Ends when the monitor
goes away.

Usage: tcg-unstick.py MON GDB COUNT_FILE [STUCK]
"""
import re
import socket
import sys
import time

KERNEL_TEXT = 0xffffffff80000000  # kernel image and modules


def monitor(path):
    s = socket.socket(socket.AF_UNIX)
    s.connect(path)
    s.settimeout(5)
    return s


def command(s, cmd):
    """One HMP command; its output up to the next prompt."""
    s.sendall((cmd + "\n").encode())
    out = b""
    while not out.endswith(b"(qemu) "):
        d = s.recv(65536)
        if not d:
            raise EOFError
        out += d
    return out.decode(errors="replace")


def vcpus(s):
    """{cpu: (rip, interrupts_on, halted)} from info registers -a."""
    out = command(s, "info registers -a")
    cpus = {}
    for m in re.finditer(r"CPU#(\d+).*?RIP=([0-9a-f]+) RFL=([0-9a-f]+)"
                         r".*?HLT=(\d)", out, re.S):
        cpus[int(m.group(1))] = (int(m.group(2), 16),
                                 bool(int(m.group(3), 16) & 0x200),
                                 m.group(4) == "1")
    return cpus


def rsp(g, body):
    """One gdb remote protocol exchange; the reply's body."""
    cs = sum(body.encode()) & 0xff
    g.sendall(("$%s#%02x" % (body, cs)).encode())
    buf = b""
    while True:
        m = re.search(rb"\$([^#]*)#..", buf)
        if m:
            g.sendall(b"+")
            return m.group(1).decode()
        d = g.recv(4096)
        if not d:
            raise EOFError
        buf += d


def rewrite(gdb_path, addrs):
    """Write back each address's byte; the VM is paused meanwhile."""
    g = socket.socket(socket.AF_UNIX)
    g.connect(gdb_path)
    g.settimeout(10)
    done = []
    try:
        rsp(g, "?")
        for a in sorted(addrs):
            b = rsp(g, "m%x,1" % a)
            if re.fullmatch(r"[0-9a-f]{2}", b) and \
               rsp(g, "M%x,1:%s" % (a, b)) == "OK":
                done.append("%x=%s" % (a, b))
        rsp(g, "D")
    finally:
        g.close()
    return done


def main():
    mon_path, gdb_path, count_file = sys.argv[1:4]
    stuck = float(sys.argv[4]) if len(sys.argv) > 4 else 10
    for _ in range(600):  # QEMU creates the socket as it starts
        try:
            s = monitor(mon_path)
            break
        except OSError:
            time.sleep(0.5)
    else:
        return 1
    try:
        command(s, "")
        command(s, "gdbserver unix:%s,server,nowait" % gdb_path)
        since = {}
        seen = {}
        episode = set()  # vCPUs repaired in their current stall
        repairs = 0
        while True:
            now = time.monotonic()
            for cpu, (rip, irq_on, halted) in vcpus(s).items():
                if irq_on or halted:
                    if cpu in episode:
                        print("tcg-unstick: vCPU %d running again after "
                              "%.0f s" % (cpu, now - since[cpu]),
                              file=sys.stderr, flush=True)
                    since.pop(cpu, None)
                    seen.pop(cpu, None)
                    episode.discard(cpu)
                    continue
                since.setdefault(cpu, now)
                if rip >= KERNEL_TEXT:
                    seen.setdefault(cpu, set()).add(rip)
                if now - since[cpu] >= stuck and seen.get(cpu):
                    done = rewrite(gdb_path, seen[cpu])
                    if done and cpu not in episode:
                        episode.add(cpu)
                        repairs += 1
                        with open(count_file, "w") as f:
                            f.write("%d\n" % repairs)
                    print("tcg-unstick: vCPU %d ran %.0f s with interrupts "
                          "off; rewrote %s" % (cpu, now - since[cpu],
                                               " ".join(done) or
                                               "nothing (unreadable)"),
                          file=sys.stderr, flush=True)
                    seen[cpu] = set()
            time.sleep(0.25)
    except (OSError, EOFError):
        return 0


if __name__ == "__main__":
    sys.exit(main())
