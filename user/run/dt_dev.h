/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The module's device: open with DTrace's messages, and one wrapper per
 * ioctl that fills the size field and checks the result.
 */
#ifndef DT_DEV_H
#define DT_DEV_H

#include <stddef.h>
#include <dtrace/dtrace_ioctl.h>

#define DT_DEV_PATH	"/dev/" DTRACE_DEVNAME
/* Where the packages put the guide the error messages point to. */
#define DT_INSTALL_DOC	"/usr/share/doc/dtrace-linux/install.md"

/*
 * How the device is reached: the system calls, or a fake module in the
 * unit tests. NULL restores the system calls.
 */
struct dt_dev_ops {
	int	(*d_open)(const char *path);
	int	(*d_ioctl)(int fd, unsigned long req, void *arg);
	void	(*d_close)(int fd);
};

void dt_dev_set_ops(const struct dt_dev_ops *ops);

/* The device path: $DTRACE_DEVICE if set (for tests), else /dev/dtrace. */
const char *dt_dev_path(void);

/*
 * Open the device and check its ABI. Returns the fd, or -1 with the
 * reason (after "failed to initialize dtrace: ") in err.
 */
int dt_dev_open(char *err, size_t errlen);
void dt_dev_close(int fd);

int dt_dev_version(int fd, struct dtrace_ioc_version *v);
int dt_dev_options(int fd, const struct dtrace_ioc_options *o);
int dt_dev_enable(int fd, struct dtrace_ioc_enable *blob);
int dt_dev_go(int fd);
const char *dt_dev_lockdown_why(char *buf, size_t len);
int dt_dev_stop(int fd);
int dt_dev_status(int fd, struct dtrace_ioc_status *st);
int dt_dev_bufsnap(int fd, struct dtrace_ioc_bufsnap *bs);
int dt_dev_probes(int fd, struct dtrace_ioc_probes *p);
int dt_dev_aggdesc(int fd, struct dtrace_ioc_aggdesc *d);
int dt_dev_aggsnap(int fd, struct dtrace_ioc_bufsnap *bs);
int dt_dev_dvarsnap(int fd, struct dtrace_ioc_dvarsnap *d);

#endif /* DT_DEV_H */
