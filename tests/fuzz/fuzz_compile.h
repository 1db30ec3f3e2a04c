/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The compilers' fuzzers (fuzz_d.c, fuzz_bt.c): source text through
 * dt_compile( ) (front end, checks, layout, code generation) and the
 * userspace DIF verifier, as the command runs them before it opens
 * /dev/dtrace. Nothing else of the system is used: tracepoint types
 * come from the tracefs tree mkseeds.sh writes beside the binary.
 * A crash, a leak, a hang, undefined behaviour, or DIF from a program
 * that compiled which the verifier rejects, is a finding.
 */
#ifndef FUZZ_COMPILE_H
#define FUZZ_COMPILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Point $DTRACE_TRACEFS at the tree beside the binary. */
int fz_init(char ***argv);
/* Compile one input as D, or as bpftrace if @bt. */
int fz_compile(const uint8_t *data, size_t size, bool bt);

#endif /* FUZZ_COMPILE_H */
