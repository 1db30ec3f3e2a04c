// SPDX-License-Identifier: GPL-2.0
/*
 * inet_ntoa(), inet_ntoa6() and inet_ntop(): an address in memory the
 * script names (read through dif_mem_read(), so nofault) written out as
 * text, the way DTrace writes it.
 *
 * IPv6 text follows RFC 5952 as DTrace has it: lower-case groups without
 * leading zeros, the longest run of two or more zero groups (the first
 * of equal ones) as "::", and an IPv4-mapped or IPv4-compatible address
 * as its dotted quad alone.
 */
#include "dif_impl.h"

/* Linux's address families, the values <sys/socket.h> gives D scripts. */
#define DIF_AF_INET	2
#define DIF_AF_INET6	10

#define DIF_INET6_TEXT	48	/* "ffff:" * 8, or "::ffff:" and a quad */

static u32 dif_net_dec(char *out, u8 v)
{
	u32 n = 0;

	if (v >= 100)
		out[n++] = (char)('0' + v / 100);
	if (v >= 10)
		out[n++] = (char)('0' + v / 10 % 10);
	out[n++] = (char)('0' + v % 10);
	return n;
}

static u32 dif_net_quad(char *out, const u8 *b)
{
	u32 n = 0, i;

	for (i = 0; i < 4; i++) {
		if (i)
			out[n++] = '.';
		n += dif_net_dec(out + n, b[i]);
	}
	return n;
}

static u32 dif_net_hex(char *out, u16 v)
{
	static const char digits[] = "0123456789abcdef";
	u32 n = 0;
	int shift;
	bool lead = true;

	for (shift = 12; shift >= 0; shift -= 4) {
		u32 d = (v >> shift) & 0xf;

		if (lead && d == 0 && shift)
			continue;
		lead = false;
		out[n++] = digits[d];
	}
	return n;
}

/* An IPv4-mapped (::ffff:a.b.c.d) or -compatible (::a.b.c.d) address. */
static bool dif_net_v4in6(const u8 *b)
{
	u32 i, last;

	for (i = 0; i < 10; i++)
		if (b[i])
			return false;
	if (b[10] == 0xff && b[11] == 0xff)
		return true;
	if (b[10] || b[11])
		return false;
	/* :: and ::1 are not IPv4 addresses */
	last = (u32)b[12] << 24 | (u32)b[13] << 16 | (u32)b[14] << 8 | b[15];
	return last > 1;
}

static u32 dif_net_v6(char *out, const u8 *b)
{
	s32 best = -1, bestlen = 1, run = -1, i;
	u16 g[8];
	u32 n = 0;

	if (dif_net_v4in6(b))
		return dif_net_quad(out, b + 12);
	for (i = 0; i < 8; i++) {
		g[i] = (u16)(b[2 * i] << 8 | b[2 * i + 1]);
		if (g[i]) {
			run = -1;
			continue;
		}
		if (run < 0)
			run = i;
		if (i - run + 1 > bestlen) {
			best = run;
			bestlen = i - run + 1;
		}
	}
	for (i = 0; i < 8; i++) {
		if (i == best) {
			out[n++] = ':';
			out[n++] = ':';
			i += bestlen - 1;
			continue;
		}
		if (i && i != best + bestlen)
			out[n++] = ':';
		n += dif_net_hex(out + n, g[i]);
	}
	return n;
}

/**
 * dif_subr_inet() - inet_ntoa( ), inet_ntoa6( ) or inet_ntop( )
 * @ms:   the machine state; the arguments are on the tuple stack
 * @mark: scratch in use before the call
 * @af:   DIF_AF_INET or DIF_AF_INET6, or -1: the first argument says
 *
 * Context: probe context. Return: the string's address, 0 on a fault (an
 * address family inet_ntop( ) does not know is an illegal operation).
 */
u64 dif_subr_inet(struct dif_mstate *ms, u32 mark, int af)
{
	u64 addr = ms->tuple[af < 0 ? 1 : 0].dt_value;
	char text[DIF_INET6_TEXT];
	u8 b[16];
	u32 n;

	if (af < 0)
		af = (int)ms->tuple[0].dt_value;
	if (af != DIF_AF_INET && af != DIF_AF_INET6) {
		dif_fault(ms, DIF_FAULT_ILLOP, (u64)af);
		return 0;
	}
	if (!dif_mem_read(ms, b, addr, af == DIF_AF_INET ? 4 : 16, false))
		return 0;
	n = af == DIF_AF_INET ? dif_net_quad(text, b) : dif_net_v6(text, b);
	if (n > dif_strsize(ms))
		n = dif_strsize(ms);
	return dif_str_result(ms, mark, text, n);
}

/* Linux's link types (<linux/if_arp.h>), the values D scripts pass. */
#define DIF_ARPHRD_ETHER	1
#define DIF_ARPHRD_INFINIBAND	32

#define DIF_LINK_MAX		20	/* an InfiniBand address's bytes */

/**
 * dif_subr_link() - link_ntop( ): a link-layer address as text
 * @ms:   the machine state; the type, then the address, on the tuple
 * @mark: scratch in use before the call
 *
 * An Ethernet address is 6 bytes, an InfiniBand one 20; each byte is
 * two lower-case hex digits, the bytes joined by ':'. Any other type is
 * an illegal operation, as DTrace has it.
 *
 * Context: probe context. Return: the string's address, 0 on a fault.
 */
u64 dif_subr_link(struct dif_mstate *ms, u32 mark)
{
	static const char digits[] = "0123456789abcdef";
	s64 type = (s64)ms->tuple[0].dt_value;
	char text[DIF_LINK_MAX * 3];
	u8 b[DIF_LINK_MAX];
	u32 size, i, n = 0;

	if (type == DIF_ARPHRD_ETHER) {
		size = 6;
	} else if (type == DIF_ARPHRD_INFINIBAND) {
		size = 20;
	} else {
		dif_fault(ms, DIF_FAULT_ILLOP, (u64)type);
		return 0;
	}
	if (!dif_mem_read(ms, b, ms->tuple[1].dt_value, size, false))
		return 0;
	for (i = 0; i < size; i++) {
		if (i)
			text[n++] = ':';
		text[n++] = digits[b[i] >> 4];
		text[n++] = digits[b[i] & 0xf];
	}
	if (n > dif_strsize(ms))
		n = dif_strsize(ms);
	return dif_str_result(ms, mark, text, n);
}
