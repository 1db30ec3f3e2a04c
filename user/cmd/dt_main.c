// SPDX-License-Identifier: GPL-2.0
/*
 * dtrace(1). Everything is in the library (dt_args.c and on), so the
 * unit tests can run the whole command in-process.
 */
#include "dt_program.h"

int main(int argc, char **argv)
{
	return dt_cmd_main(argc, argv);
}
