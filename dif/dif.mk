# SPDX-License-Identifier: GPL-2.0
#
# DIF: the verifier, interpreter and dynamic variables, built into
# dtrace.ko (DIF_SRCS, which kmod/ compiles) and into userspace tests.
# DIF_USER_SRCS are userspace helpers: blob builder and assembler.

include dif/sources.mk
DIF_SRCS := $(patsubst %,dif/%.c,$(DIF_NAMES))
DIF_USER_SRCS := dif/dif_blob.c dif/dif_asm.c
UNIT_EXTRA_SRCS += $(DIF_USER_SRCS) tests/unit/dif_env_user.c

# The interpreter's dispatch is a computed goto, or a switch with
# -DDIF_NO_COMPUTED_GOTO. Every test_dif_* binary is also linked against
# a switch build of dif_exec.c, as NAME-switch, so both are tested.
DIF_SW_TESTS := $(patsubst tests/unit/%.c,%,$(wildcard tests/unit/test_dif_*.c))
DIF_SW_OTHER = $(filter-out dif/dif_exec.c,$(UNIT_LINK_SRCS))
$(B)/obj-sw/%.o: %.c
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) -DDIF_NO_COMPUTED_GOTO $(CFLAGS) $(WFLAGS) -MMD -MP -c $< -o $@
$(B)/asan-sw/%.o: %.c
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) -DDIF_NO_COMPUTED_GOTO $(CFLAGS) $(WFLAGS) $(SAN) -MMD -MP -c $< -o $@
$(B)/tests/%-switch: $(B)/obj/tests/unit/%.o $(B)/obj-sw/dif/dif_exec.o \
		$$(call obj,$$(DIF_SW_OTHER))
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -o $@ $^ $(LDLIBS) $(DT_LDLIBS)
$(B)/tests-asan/%-switch: $(B)/asan/tests/unit/%.o \
		$(B)/asan-sw/dif/dif_exec.o $$(call asan,$$(DIF_SW_OTHER))
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $(SAN) -o $@ $^ $(LDLIBS) $(DT_LDLIBS)

.PHONY: dif-unit
dif-unit: $(patsubst %,$(B)/tests/%,$(DIF_SW_TESTS)) \
	$(patsubst %,$(B)/tests-asan/%,$(DIF_SW_TESTS)) \
	$(patsubst %,$(B)/tests/%-switch,$(DIF_SW_TESTS)) \
	$(patsubst %,$(B)/tests-asan/%-switch,$(DIF_SW_TESTS))
unit: dif-unit

# ns per executed DIF instruction, both dispatch variants.
DIF_BENCH_LINK = $(filter-out dif/dif_exec.c,$(DIF_SRCS)) $(DIF_USER_SRCS) \
	tests/unit/dif_env_user.c
$(B)/bench/dif_bench: $(B)/obj/bench/dif_bench.o $(B)/obj/dif/dif_exec.o \
		$$(call obj,$$(DIF_BENCH_LINK))
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -o $@ $^
$(B)/bench/dif_bench-switch: $(B)/obj-sw/bench/dif_bench.o \
		$(B)/obj-sw/dif/dif_exec.o $$(call obj,$$(DIF_BENCH_LINK))
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -o $@ $^
$(B)/obj/bench/dif_bench.o $(B)/obj-sw/bench/dif_bench.o: \
	CPPFLAGS += -Itests/unit

.PHONY: dif-bench
dif-bench: $(B)/bench/dif_bench $(B)/bench/dif_bench-switch
	$(B)/bench/dif_bench
	$(B)/bench/dif_bench-switch

# dif/ alone as a kernel module with -Werror (and W=1 kernel-doc checks):
# proof that it builds warning-free in the kernel. Stack use per
# function lands in $(B)/dif-kcheck/*.su.
DIF_KCHECK := $(B)/dif-kcheck
.PHONY: dif-kcheck
dif-kcheck:
	rm -rf $(DIF_KCHECK) && mkdir -p $(DIF_KCHECK)
	ln -s $(CURDIR)/dif/kcheck/difcheck.c $(DIF_KCHECK)/difcheck_main.c
	for f in $(DIF_SRCS); do ln -s $(CURDIR)/$$f $(DIF_KCHECK)/; done
	printf '%s\n' 'obj-m := difcheck.o' \
		'difcheck-y := difcheck_main.o $(patsubst dif/%.c,%.o,$(DIF_SRCS))' \
		'ccflags-y := -I$(CURDIR)/include -I$(CURDIR)/dif -Werror -fstack-usage' \
		'ccflags-y += $$(if $$(wildcard $$(srctree)/include/linux/stdarg.h),-DDIF_HAVE_LINUX_STDARG)' \
		> $(DIF_KCHECK)/Kbuild
	$(MAKE) -C $(KDIR) M=$(CURDIR)/$(DIF_KCHECK) W=1 modules

# The ASan tests and the fuzzer trap on a read of a register not yet
# written, which the verifier must have ruled out (DIF_CHECK_REGS).
$(B)/asan/dif/dif_exec.o $(B)/asan-sw/dif/dif_exec.o: \
	CPPFLAGS += -DDIF_CHECK_REGS
$(B)/fuzz/obj/dif/dif_exec.o: FUZZ_CPPFLAGS += -DDIF_CHECK_REGS
