// SPDX-License-Identifier: GPL-2.0
/*
 * The provider registry: which providers exist, in which order they are
 * set up, and the hook that lets a provider create probes on demand
 * (profile-1234) when a description names one it does not have yet.
 */
#include <linux/glob.h>
#include "dtrace_impl.h"

static const struct dtrace_provider_ops *dtrace_providers[16];
static unsigned int dtrace_nproviders;

/* Context: module init, dtrace_lock held. */
int dtrace_provider_register(const struct dtrace_provider_ops *ops)
{
	lockdep_assert_held(&dtrace_lock);
	if (dtrace_nproviders == ARRAY_SIZE(dtrace_providers))
		return -ENOSPC;
	dtrace_providers[dtrace_nproviders++] = ops;
	return 0;
}

/* Remove a provider and its probes. Context: dtrace_lock held. */
void dtrace_provider_unregister(const struct dtrace_provider_ops *ops)
{
	unsigned int i;

	lockdep_assert_held(&dtrace_lock);
	dtrace_probe_remove_provider(ops);
	for (i = 0; i < dtrace_nproviders; i++) {
		if (dtrace_providers[i] != ops)
			continue;
		dtrace_providers[i] = dtrace_providers[--dtrace_nproviders];
		return;
	}
}

/* Is @name a registered provider's? Context: dtrace_lock held. */
bool dtrace_provider_exists(const char *name)
{
	unsigned int i;

	lockdep_assert_held(&dtrace_lock);
	for (i = 0; i < dtrace_nproviders; i++)
		if (!strcmp(dtrace_providers[i]->name, name))
			return true;
	return false;
}

/**
 * dtrace_providers_provide() - let providers create probes @desc names.
 * @desc: a probe description about to be matched
 *
 * Context: process context, dtrace_lock held.
 */
void dtrace_providers_provide(const struct dtrace_probedesc *desc)
{
	unsigned int i;

	lockdep_assert_held(&dtrace_lock);
	for (i = 0; i < dtrace_nproviders; i++) {
		const struct dtrace_provider_ops *ops = dtrace_providers[i];

		if (ops->provide && (!desc->dpd_provider[0] ||
				     glob_match(desc->dpd_provider, ops->name)))
			ops->provide(desc);
	}
}

/**
 * dtrace_providers_commit() - let providers apply batched changes.
 *
 * Providers may defer the work of enable and disable (fbt arms all its
 * functions with one ftrace update); this is where it happens.
 *
 * Context: process context, dtrace_lock held.
 * Return: 0, or the first provider's error.
 */
int dtrace_providers_commit(void)
{
	unsigned int i;
	int err = 0, e;

	lockdep_assert_held(&dtrace_lock);
	for (i = 0; i < dtrace_nproviders; i++) {
		if (!dtrace_providers[i]->commit)
			continue;
		e = dtrace_providers[i]->commit();
		err = err ?: e;
	}
	dtrace_deferred = 0;
	return err;
}

static const struct {
	int (*init)(void);
	void (*exit)(void);
} dtrace_provider_table[] = {
	{ dtrace_provider_dtrace_init, dtrace_provider_dtrace_exit },
	{ dtrace_provider_syscall_init, dtrace_provider_syscall_exit },
	{ dtrace_provider_profile_init, dtrace_provider_profile_exit },
	{ dtrace_provider_fbt_init, dtrace_provider_fbt_exit },
	{ dtrace_provider_pid_init, dtrace_provider_pid_exit },
	{ dtrace_provider_tracepoint_init, dtrace_provider_tracepoint_exit },
	{ dtrace_provider_software_init, dtrace_provider_software_exit },
	{ dtrace_provider_kprobe_init, dtrace_provider_kprobe_exit },
	{ dtrace_provider_rawtp_init, dtrace_provider_rawtp_exit },
	{ dtrace_provider_hardware_init, dtrace_provider_hardware_exit },
	{ dtrace_provider_watchpoint_init, dtrace_provider_watchpoint_exit },
};

/* Context: module init. */
int dtrace_providers_init(void)
{
	unsigned int i;
	int err;

	for (i = 0; i < ARRAY_SIZE(dtrace_provider_table); i++) {
		err = dtrace_provider_table[i].init();
		if (err)
			goto unwind;
	}
	return 0;

unwind:
	while (i--)
		dtrace_provider_table[i].exit();
	return err;
}

/* Context: module exit; no consumer is left. */
void dtrace_providers_exit(void)
{
	unsigned int i = ARRAY_SIZE(dtrace_provider_table);

	while (i--)
		dtrace_provider_table[i].exit();
}
