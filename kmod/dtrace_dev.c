// SPDX-License-Identifier: GPL-2.0
/*
 * dtrace.ko: module init and exit, and the /dev/dtrace misc device.
 *
 * One open of the device is one consumer. Only CAP_SYS_ADMIN may open it,
 * and not at all on a kernel locked down for confidentiality: a script
 * can read any kernel memory. The file holds a module reference (fops
 * owner), so rmmod is refused while any consumer is open.
 */
#include <linux/capability.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/module.h>
#include <linux/security.h>
#include "dtrace_impl.h"
#include "dtrace_compat.h"

static int dtrace_open(struct inode *inode, struct file *file)
{
	struct dtrace_state *state;
	int err;

	if (!capable(CAP_SYS_ADMIN))
		return -EPERM;
	err = security_locked_down(LOCKDOWN_BPF_READ_KERNEL);
	if (err)
		return err;
	state = dtrace_state_create();
	if (!state)
		return -ENOMEM;
	file->private_data = state;
	return 0;
}

static int dtrace_release(struct inode *inode, struct file *file)
{
	dtrace_state_destroy(file->private_data);
	return 0;
}

static const struct file_operations dtrace_fops = {
	.owner		= THIS_MODULE,
	.open		= dtrace_open,
	.release	= dtrace_release,
	.unlocked_ioctl	= dtrace_ioctl,
	.compat_ioctl	= compat_ptr_ioctl,
	.llseek		= noop_llseek,
};

static struct miscdevice dtrace_misc = {
	.minor	= MISC_DYNAMIC_MINOR,
	.name	= DTRACE_DEVNAME,
	.fops	= &dtrace_fops,
	.mode	= 0600,
};

static int __init dtrace_init(void)
{
	int err;

	dtrace_env_init();
	dtrace_destructive_init();
	err = dtrace_probe_init();
	if (err)
		return err;
	err = dtrace_providers_init();
	if (err)
		goto probes;
	err = misc_register(&dtrace_misc);
	if (err)
		goto providers;
	return 0;

providers:
	dtrace_providers_exit();
probes:
	dtrace_probe_exit();
	return err;
}

static void __exit dtrace_exit(void)
{
	/* No consumer is open: each holds a module reference. */
	misc_deregister(&dtrace_misc);
	dtrace_providers_exit();
	dtrace_probe_exit();
	dtrace_destructive_exit();
}

module_init(dtrace_init);
module_exit(dtrace_exit);
MODULE_LICENSE("GPL");
MODULE_AUTHOR("DTrace for Linux developers");
MODULE_DESCRIPTION("DTrace: dynamic tracing with the D language");
MODULE_VERSION(DTRACE_MODULE_VERSION);
