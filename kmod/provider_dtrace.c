// SPDX-License-Identifier: GPL-2.0
/*
 * The dtrace provider: dtrace:::BEGIN, dtrace:::END and dtrace:::ERROR.
 *
 * They are not armed by anything: the framework fires them itself, for
 * one consumer at a time (BEGIN at its GO, END at its STOP, ERROR when
 * one of its clauses faults), so there is nothing to enable or disable.
 */
#include "dtrace_impl.h"

static struct dtrace_probe *dtrace_probe_begin;
static struct dtrace_probe *dtrace_probe_end;
struct dtrace_probe *dtrace_probe_error;

static const struct dtrace_provider_ops dtrace_provider_ops = {
	.name	= "dtrace",
};

static struct dtrace_probe *dtrace_provider_probe(const char *name)
{
	int id = dtrace_probe_create(&dtrace_provider_ops, "", "", name,
				     NULL);

	return id < 0 ? ERR_PTR(id) : dtrace_probe_lookup(id);
}

/* Context: module init. */
int dtrace_provider_dtrace_init(void)
{
	struct dtrace_probe *begin, *end, *error;

	mutex_lock(&dtrace_lock);
	error = ERR_PTR(dtrace_provider_register(&dtrace_provider_ops));
	begin = IS_ERR(error) ? error : dtrace_provider_probe("BEGIN");
	end = IS_ERR(begin) ? begin : dtrace_provider_probe("END");
	error = IS_ERR(end) ? end : dtrace_provider_probe("ERROR");
	if (IS_ERR(error)) {
		dtrace_provider_unregister(&dtrace_provider_ops);
		mutex_unlock(&dtrace_lock);
		return PTR_ERR(error);
	}
	dtrace_probe_begin = begin;
	dtrace_probe_end = end;
	dtrace_probe_error = error;
	mutex_unlock(&dtrace_lock);
	return 0;
}

/* Context: module exit, no consumer left. */
void dtrace_provider_dtrace_exit(void)
{
	mutex_lock(&dtrace_lock);
	dtrace_provider_unregister(&dtrace_provider_ops);
	dtrace_probe_begin = NULL;
	dtrace_probe_end = NULL;
	dtrace_probe_error = NULL;
	mutex_unlock(&dtrace_lock);
}

/* Context: process context, the consumer's GO. */
void dtrace_fire_begin(struct dtrace_state *state)
{
	static const struct dtrace_args args;

	dtrace_probe_fire(dtrace_probe_begin, &args, state);
}

/* Context: process context, the consumer's STOP. */
void dtrace_fire_end(struct dtrace_state *state)
{
	static const struct dtrace_args args;

	dtrace_probe_fire(dtrace_probe_end, &args, state);
}
