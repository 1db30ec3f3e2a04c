# SPDX-License-Identifier: GPL-2.0
#
# Host unit tests: every tests/unit/test_*.c is one kselftest binary,
# built plainly and under ASan+UBSan, linked with the DIF sources, the
# command's library and UNIT_EXTRA_SRCS (test environments).

UNIT_SRCS := $(wildcard tests/unit/test_*.c)
UNIT_BINS := $(patsubst tests/unit/%.c,$(B)/tests/%,$(UNIT_SRCS))
UNIT_ASAN_BINS := $(patsubst tests/unit/%.c,$(B)/tests-asan/%,$(UNIT_SRCS))
UNIT_LINK_SRCS = $(DIF_SRCS) $(DT_LIB_SRCS) $(UNIT_EXTRA_SRCS)

$(B)/tests/%: $(B)/obj/tests/unit/%.o $$(call obj,$$(UNIT_LINK_SRCS))
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -o $@ $^ $(LDLIBS) $(DT_LDLIBS)
$(B)/tests-asan/%: $(B)/asan/tests/unit/%.o $$(call asan,$$(UNIT_LINK_SRCS))
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $(SAN) -o $@ $^ $(LDLIBS) $(DT_LDLIBS)

# The harness header must exist before any test object compiles.
$(call obj,$(UNIT_SRCS)) $(call asan,$(UNIT_SRCS)): | $(KSFT)

.PHONY: unit
unit: $(UNIT_BINS) $(UNIT_ASAN_BINS)
