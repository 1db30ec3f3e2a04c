/* SPDX-License-Identifier: GPL-2.0 */
/*
 * zonename and pset, illumos DTrace's built-in variables, as constants:
 * Linux has no zones, so every process is in the global zone, as on a
 * Solaris system without zones; and no processor sets, so every CPU is
 * in the default set, whose id is 0 (illumos' CP_DEFAULT; curcpu's
 * cpu_pset is -1, PS_NONE, as illumos' translator gives the default
 * set). Loaded only by a script that names one of them.
 */

inline string zonename = "global";
inline int pset = 0;
