// SPDX-License-Identifier: GPL-2.0
/*
 * The D-only build (make check-layers): the command with every
 * bpftrace/ object left out, and cmd/'s bpftrace entry (dt_btargs.c)
 * replaced by this, with what cmd/ calls of bpftrace/. Its bpftrace
 * language refuses every program, and its formats are D's.
 */
#include <stdio.h>

#include "bt_dump.h"
#include "bt_list.h"
#include "bt_print.h"
#include "dt_btargs.h"
#include "dt_error.h"
#include "dt_format.h"
#include "dt_frontend.h"

static int nobt_parse(struct dt_pcb *pcb)
{
	return dt_error(pcb, NULL, "D_SYNTAX",
			"this dtrace was built without bpftrace");
}

const struct dt_frontend bt_frontend = {
	.fe_name	= "bpftrace",
	.fe_parse	= nobt_parse,
};

unsigned int dt_bt_release;

const struct dt_format *dt_format_pick(bool json, bool bpftrace)
{
	(void)bpftrace;
	return json ? &dt_format_json : &dt_format_text;
}

void dt_bt_options(void)
{
}

const struct dt_valext *dt_bt_valext(void)
{
	return NULL;
}

int dt_bt_named(char **av, int n)
{
	(void)av;
	return n;
}

bool dt_bt_argv0(const char *argv0)
{
	(void)argv0;
	return false;
}

void dt_bt_usage(FILE *fp, const char *name)
{
	(void)fp;
	(void)name;
}

int dt_bt_opt(struct dt_cmd *cmd, int c, const char *arg)
{
	(void)cmd;
	(void)c;
	(void)arg;
	return 1;
}

int dt_bt_env(struct dt_cmd *cmd)
{
	(void)cmd;
	return 0;
}

void dt_bt_dump(FILE *fp, const struct dt_cprog *cp)
{
	(void)fp;
	(void)cp;
}

void dt_bt_fault(void *arg, const struct dt_ecb *e, int action,
		 const char *fault, uint64_t addr)
{
	(void)arg;
	(void)e;
	(void)action;
	(void)fault;
	(void)addr;
}

int dt_bt_list(struct dt_cmd *cmd)
{
	(void)cmd;
	fprintf(stderr, "dtrace: this dtrace was built without bpftrace\n");
	return 2;
}

int bt_list_name(const struct dtrace_probedesc *pd, const char *upath,
		 char *buf, size_t len)
{
	(void)pd;
	(void)upath;
	(void)buf;
	(void)len;
	return -1;
}

void bt_list_tpfields(FILE *fp, const char *sys, const char *ev)
{
	(void)fp;
	(void)sys;
	(void)ev;
}

int bt_list(int fd, const char *search, bool verbose, unsigned int rel,
	    FILE *fp, char *err, size_t errlen)
{
	(void)fd;
	(void)search;
	(void)verbose;
	(void)rel;
	(void)fp;
	snprintf(err, errlen, "this dtrace was built without bpftrace");
	return -1;
}
