// SPDX-License-Identifier: GPL-2.0
/*
 * The kernel types scripts read, for kernels that ship no BTF.
 *
 * Never linked into dtrace.ko: Kbuild compiles this unit with every
 * declared type kept in its DWARF, against the headers of the kernel
 * being built for, and pahole turns that into dtrace-types.btf, which
 * DKMS keeps beside the module (Documentation/types.md). The command
 * reads it when /sys/kernel/btf/vmlinux is absent.
 *
 * Only public headers, as each release has them, so that the unit
 * builds from 5.10 on.
 */
#include <linux/types.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/sched/task.h>
#include <linux/cred.h>
#include <linux/nsproxy.h>
#include <linux/pid_namespace.h>
#include <linux/user_namespace.h>
#include <linux/utsname.h>
#include <linux/cgroup.h>
#include <linux/ptrace.h>
#include <linux/fs.h>
#include <linux/fs_struct.h>
#include <linux/fdtable.h>
#include <linux/file.h>
#include <linux/dcache.h>
#include <linux/path.h>
#include <linux/mount.h>
#include <linux/namei.h>
#include <linux/kernfs.h>
#include <linux/mm.h>
#include <linux/mm_types.h>
#include <linux/oom.h>
#include <linux/swap.h>
#include <linux/blkdev.h>
#include <linux/blk_types.h>
#include <linux/blk-mq.h>
#include <linux/bio.h>
#ifdef DTRACE_HAVE_GENHD_H
#include <linux/genhd.h>	/* folded into blkdev.h in 5.18 */
#endif
#include <linux/skbuff.h>
#include <linux/netdevice.h>
#include <linux/socket.h>
#include <linux/net.h>
#include <linux/in.h>
#include <linux/in6.h>
#include <linux/ip.h>
#include <linux/ipv6.h>
#include <linux/tcp.h>
#include <linux/udp.h>
#include <net/sock.h>
#include <net/inet_sock.h>
#include <net/inet_connection_sock.h>
#include <net/inet_timewait_sock.h>
#include <net/request_sock.h>
#include <net/tcp.h>
#include <net/udp.h>
#include <net/ipv6.h>
#include <linux/interrupt.h>
#include <linux/irq.h>
#include <linux/workqueue.h>
#include <linux/timer.h>
#include <linux/hrtimer.h>
#include <linux/signal.h>
#include <linux/wait.h>
#include <linux/uio.h>
#include <linux/pipe_fs_i.h>
#include <linux/eventpoll.h>
#include <linux/poll.h>
#include <linux/module.h>
#include <linux/kprobes.h>
#include <linux/perf_event.h>
#include <linux/tty.h>
#include <linux/uaccess.h>

/*
 * Something for the unit to define, so that it is a translation unit
 * with a use: the types themselves come from
 * -fno-eliminate-unused-debug-types.
 */
int dtrace_types_unit;
