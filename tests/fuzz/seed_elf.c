// SPDX-License-Identifier: GPL-2.0
/*
 * Not a program to run: an ELF file to start fuzzing from, built at
 * build time (mkseeds.sh) as a small static executable and a shared
 * object. It has function symbols (.symtab, and .dynsym in the shared
 * object), PT_LOAD segments, a GNU build-ID note, and USDT probes in
 * .note.stapsdt written the way <sys/sdt.h> writes them: a note of
 * type 3 named "stapsdt" holding the probe's address, the address of
 * .stapsdt.base, the semaphore's (0), then provider, name and
 * argument specs as strings.
 */
#define FZ_STR(x)	#x
#define FZ_PROBE(prov, name, args)					\
	__asm__ volatile("990: nop\n"					\
		".pushsection .note.stapsdt,\"?\",\"note\"\n"		\
		".balign 4\n"						\
		".4byte 992f-991f, 994f-993f, 3\n"			\
		"991: .asciz \"stapsdt\"\n"				\
		"992: .balign 4\n"					\
		"993: .8byte 990b\n"					\
		".8byte _.stapsdt.base\n"				\
		".8byte 0\n"						\
		".asciz \"" prov "\"\n"					\
		".asciz \"" name "\"\n"					\
		".asciz \"" args "\"\n"					\
		"994: .balign 4\n"					\
		".popsection\n"						\
		".ifndef _.stapsdt.base\n"				\
		".pushsection .stapsdt.base,\"aG\",\"progbits\","	\
		".stapsdt.base,comdat\n"				\
		".weak _.stapsdt.base\n"				\
		".hidden _.stapsdt.base\n"				\
		"_.stapsdt.base: .space 1\n"				\
		".size _.stapsdt.base, 1\n"				\
		".popsection\n"						\
		".endif\n")

__attribute__((noinline)) int fz_one(int x)
{
	FZ_PROBE("fz", "one", "-4@%edi 8@-8(%rbp) 4@$5");
	return x * 3 + 1;
}

__attribute__((noinline)) long fz_two(long a, long b)
{
	FZ_PROBE("fz", "two", "8@%rdi 8@%rsi -2@6(%rsp) 1@%r9b");
	return a ^ b;
}

void _start(void)
{
	fz_two(fz_one(1), 2);
	for (;;)
		__asm__ volatile("mov $60, %eax\n\txor %edi, %edi\n\tsyscall");
}
