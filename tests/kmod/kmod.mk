# SPDX-License-Identifier: GPL-2.0
#
# Tests of the module itself, built here and run in the guest: each
# tests/kmod/test_*.c is a kselftest binary that drives /dev/dtrace
# directly; tests/guest-suite.sh runs them all.

KMOD_TEST_SRCS := $(wildcard tests/kmod/test_*.c)
KMOD_TEST_BINS := $(patsubst tests/kmod/%.c,$(B)/guest/%,$(KMOD_TEST_SRCS))

# The command's reader of kernel symbols, for the fbt tests.
KMOD_TEST_LIBS := user/probes/dt_fbtsyms.c

$(B)/guest/%: tests/kmod/%.c $(KMOD_TEST_LIBS) tests/kmod/clause.h \
		include/dtrace/*.h | $(KSFT)
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) -Iuser/probes $(CFLAGS) $(WFLAGS) -o $@ $< $(KMOD_TEST_LIBS) \
		-lpthread

.PHONY: kmod-tests
kmod-tests: $(KMOD_TEST_BINS)
