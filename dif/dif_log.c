// SPDX-License-Identifier: GPL-2.0
/*
 * The verifier's log: one line per rejection, "DIF offset N: reason".
 * A full log truncates silently; it never fails the caller.
 */
#include "dif_vm.h"

void dif_log_printf(struct dif_log *log, u32 pc, const char *fmt, ...)
{
	va_list ap;
	u32 room;
	int n;

	if (!log || !log->buf || log->size == 0 || log->len >= log->size - 1)
		return;
	room = log->size - log->len;
	if (pc == DIF_PC_NONE)
		n = snprintf(log->buf + log->len, room, "DIF object: ");
	else
		n = snprintf(log->buf + log->len, room, "DIF offset %u: ", pc);
	if (n < 0)
		return;
	log->len += (u32)n < room ? (u32)n : room - 1;
	room = log->size - log->len;
	va_start(ap, fmt);
	n = vsnprintf(log->buf + log->len, room, fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	log->len += (u32)n < room ? (u32)n : room - 1;
	room = log->size - log->len;
	if (room > 1) {
		log->buf[log->len++] = '\n';
		log->buf[log->len] = '\0';
	}
}
