// SPDX-License-Identifier: GPL-2.0
/* libFuzzer target: D source text through the compiler (fuzz_compile.h). */
#include "fuzz_compile.h"

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	return fz_init(argv);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	return fz_compile(data, size, false);
}
