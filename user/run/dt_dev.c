// SPDX-License-Identifier: GPL-2.0
/*
 * /dev/dtrace: open and ioctls. Each wrapper returns 0 or -1 with errno.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/ioctl.h>

#include "dt_dev.h"

static int dt_sys_open(const char *path)
{
	return open(path, O_RDWR | O_CLOEXEC);
}

static int dt_sys_ioctl(int fd, unsigned long req, void *arg)
{
	return ioctl(fd, req, arg);
}

static void dt_sys_close(int fd)
{
	close(fd);
}

static const struct dt_dev_ops dt_sys_ops = {
	.d_open = dt_sys_open,
	.d_ioctl = dt_sys_ioctl,
	.d_close = dt_sys_close,
};

static const struct dt_dev_ops *dt_ops = &dt_sys_ops;

void dt_dev_set_ops(const struct dt_dev_ops *ops)
{
	dt_ops = ops ? ops : &dt_sys_ops;
}

const char *dt_dev_path(void)
{
	const char *p = getenv("DTRACE_DEVICE");

	return p && *p ? p : DT_DEV_PATH;
}

static int dt_ioctl(int fd, unsigned long req, void *arg)
{
	int rc;

	do {
		rc = dt_ops->d_ioctl(fd, req, arg);
	} while (rc < 0 && errno == EINTR);
	return rc < 0 ? -1 : 0;
}

int dt_dev_version(int fd, struct dtrace_ioc_version *v)
{
	memset(v, 0, sizeof(*v));
	v->dv_size = sizeof(*v);
	if (dt_ioctl(fd, DTRACE_IOC_VERSION, v))
		return -1;
	v->dv_module[sizeof(v->dv_module) - 1] = '\0';
	return 0;
}

/*
 * The kernel's lockdown level, from "none integrity [confidentiality]":
 * the bracketed word, or NULL when not locked down or not known.
 */
static const char *dt_dev_lockdown(char *buf, size_t len)
{
	FILE *f = fopen("/sys/kernel/security/lockdown", "r");
	char *open, *close;

	if (!f)
		return NULL;
	if (!fgets(buf, (int)len, f))
		buf[0] = '\0';
	fclose(f);
	open = strchr(buf, '[');
	close = open ? strchr(open, ']') : NULL;
	if (!close)
		return NULL;
	*close = '\0';
	return strcmp(open + 1, "none") ? open + 1 : NULL;
}

/*
 * Why ENABLE or GO gave EPERM when the kernel is locked down (under
 * integrity: a consumer that writes user memory), or NULL when it is not.
 */
const char *dt_dev_lockdown_why(char *buf, size_t len)
{
	char level[128];
	const char *l = dt_dev_lockdown(level, sizeof(level));

	if (!l)
		return NULL;
	snprintf(buf, len, "the kernel is locked down (%s) and forbids %s",
		 l, strcmp(l, "integrity") ? "reading its memory" :
		 "writing user memory (copyout, copyoutstr)");
	return buf;
}

/* Whether a file's first bytes are text, e.g. "Y" in a sysfs parameter. */
static int dt_dev_file_is(const char *path, const char *text)
{
	char buf[16] = "";
	FILE *f = fopen(path, "r");

	if (!f)
		return 0;
	if (!fgets(buf, sizeof(buf), f))
		buf[0] = '\0';
	fclose(f);
	return !strncmp(buf, text, strlen(text));
}

/* The EFI variable: 4 bytes of attributes, then 1 when Secure Boot is on. */
#define DT_SECUREBOOT_VAR "/sys/firmware/efi/efivars/" \
	"SecureBoot-8be4df61-93ca-11d2-aa0d-00e098032b8c"

static int dt_dev_secure_boot(void)
{
	unsigned char v[5];
	FILE *f = fopen(DT_SECUREBOOT_VAR, "rb");
	size_t n;

	if (!f)
		return 0;
	n = fread(v, 1, sizeof(v), f);
	fclose(f);
	return n == sizeof(v) && v[4] == 1;
}

/*
 * The device is missing: say why when the module is not loaded at all,
 * above all when the kernel loads signed modules only (Secure Boot,
 * lockdown, module.sig_enforce), which refuses an unsigned DKMS build.
 * Only for the default device: $DTRACE_DEVICE is the tests' choice.
 */
static void dt_dev_missing(char *err, size_t errlen, const char *path,
			   int e)
{
	char lockdown[128];
	const char *level, *why = NULL;

	if (getenv("DTRACE_DEVICE") || !access("/sys/module/dtrace", F_OK)) {
		snprintf(err, errlen, "DTrace device not available "
			 "(is the dtrace module loaded?): %s: %s",
			 path, strerror(e));
		return;
	}
	level = dt_dev_lockdown(lockdown, sizeof(lockdown));
	if (dt_dev_secure_boot())
		why = "Secure Boot is on";
	else if (level)
		why = "the kernel is locked down";
	else if (dt_dev_file_is("/sys/module/module/parameters/sig_enforce",
				"Y"))
		why = "module.sig_enforce is set";
	if (why)
		snprintf(err, errlen, "DTrace device not available: %s: %s: "
			 "the dtrace module is not loaded, and %s: the kernel "
			 "loads only modules signed with a key it trusts; "
			 "sign the DKMS-built module with an enrolled key (MOK) "
			 "as " DT_INSTALL_DOC " says, then run "
			 "\"modprobe dtrace\"", path, strerror(e), why);
	else
		snprintf(err, errlen, "DTrace device not available: %s: %s: "
			 "the dtrace module is not loaded; load it with "
			 "\"modprobe dtrace\" (see " DT_INSTALL_DOC ")",
			 path, strerror(e));
}

int dt_dev_open(char *err, size_t errlen)
{
	char lockdown[128];
	const char *level;
	const char *path = dt_dev_path();
	struct dtrace_ioc_version v;
	int fd, e;

	fd = dt_ops->d_open(path);
	if (fd < 0) {
		e = errno;
		if (e == ENOENT || e == ENODEV || e == ENXIO)
			dt_dev_missing(err, errlen, path, e);
		else if (e == EPERM && geteuid() == 0 &&
			 (level = dt_dev_lockdown(lockdown, sizeof(lockdown))))
			snprintf(err, errlen, "the kernel is locked down (%s) "
				 "and forbids reading its memory: %s: %s",
				 level, path, strerror(e));
		else if (e == EACCES || e == EPERM)
			snprintf(err, errlen, "DTrace requires additional "
				 "privileges (root or CAP_SYS_ADMIN): %s: %s",
				 path, strerror(e));
		else
			snprintf(err, errlen, "%s: %s", path, strerror(e));
		return -1;
	}
	if (dt_dev_version(fd, &v)) {
		e = errno;
		if (e == EPERM || e == EACCES)
			snprintf(err, errlen, "DTrace requires additional "
				 "privileges (root or CAP_SYS_ADMIN): %s: %s",
				 path, strerror(e));
		else
			snprintf(err, errlen, "%s: version ioctl failed: %s",
				 path, strerror(e));
		dt_ops->d_close(fd);
		return -1;
	}
	if (v.dv_abi != DTRACE_ABI_VERSION) {
		snprintf(err, errlen, "module ABI %u does not match the "
			 "command's ABI %u (module %s)", v.dv_abi,
			 DTRACE_ABI_VERSION, v.dv_module);
		dt_ops->d_close(fd);
		return -1;
	}
	return fd;
}

void dt_dev_close(int fd)
{
	if (fd >= 0)
		dt_ops->d_close(fd);
}

int dt_dev_options(int fd, const struct dtrace_ioc_options *o)
{
	struct dtrace_ioc_options c = *o;

	c.do_size = sizeof(c);
	return dt_ioctl(fd, DTRACE_IOC_OPTIONS, &c);
}

int dt_dev_enable(int fd, struct dtrace_ioc_enable *blob)
{
	return dt_ioctl(fd, DTRACE_IOC_ENABLE, blob);
}

int dt_dev_go(int fd)
{
	return dt_ioctl(fd, DTRACE_IOC_GO, NULL);
}

int dt_dev_stop(int fd)
{
	return dt_ioctl(fd, DTRACE_IOC_STOP, NULL);
}

int dt_dev_status(int fd, struct dtrace_ioc_status *st)
{
	memset(st, 0, sizeof(*st));
	st->ds_size = sizeof(*st);
	return dt_ioctl(fd, DTRACE_IOC_STATUS, st);
}

int dt_dev_bufsnap(int fd, struct dtrace_ioc_bufsnap *bs)
{
	bs->db_size = sizeof(*bs);
	return dt_ioctl(fd, DTRACE_IOC_BUFSNAP, bs);
}

int dt_dev_aggdesc(int fd, struct dtrace_ioc_aggdesc *d)
{
	d->da_size = sizeof(*d);
	return dt_ioctl(fd, DTRACE_IOC_AGGDESC, d);
}

int dt_dev_aggsnap(int fd, struct dtrace_ioc_bufsnap *bs)
{
	bs->db_size = sizeof(*bs);
	return dt_ioctl(fd, DTRACE_IOC_AGGSNAP, bs);
}

int dt_dev_dvarsnap(int fd, struct dtrace_ioc_dvarsnap *d)
{
	d->dv_size = sizeof(*d);
	return dt_ioctl(fd, DTRACE_IOC_DVARSNAP, d);
}

int dt_dev_probes(int fd, struct dtrace_ioc_probes *p)
{
	p->dp_size = sizeof(*p);
	return dt_ioctl(fd, DTRACE_IOC_PROBES, p);
}
