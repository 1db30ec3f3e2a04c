# SPDX-License-Identifier: GPL-2.0
#
# make check-layers: user/'s layering, by includes and by what links
# (tests/check-layers.sh), that check's test of the ways around it
# (tests/check-layers-test.sh), and the D-only build with its unit
# tests (below). Part of make check.

.PHONY: check-layers
check-layers: user/dtrace donly
	tests/check-layers.sh
	tests/check-layers-test.sh
	@for t in $(DONLY_TESTS); do \
		DT_D_NOBT=1 $(DONLY)/$$t >$(DONLY)/$$t.log 2>&1 || \
			{ echo "D-only $$t failed: $(DONLY)/$$t.log"; exit 1; }; \
	done; echo "D-only build: $(words $(DONLY_TESTS)) unit tests pass"

# The D-only build: the command and the unit tests that are not
# bpftrace's, linked with every bpftrace/ object left out and cmd/'s
# bpftrace entry replaced by tests/unit/dt_nobt.c. That it links shows
# nothing below cmd/ needs bpftrace/; the tests show D still works.
DONLY := $(B)/donly
DONLY_OUT := user/bpftrace/% $(DT_GEN)/bt_% user/cmd/dt_btargs.c
DONLY_LIB := $(filter-out $(DONLY_OUT),$(DT_LIB_SRCS)) tests/unit/dt_nobt.c
# bpftrace's: they compile bpftrace programs or print its formats; and
# the state table, which is the whole command's.
DONLY_NOT := test_dt_bt test_dt_funcs test_dt_state_table
DONLY_TESTS := $(filter-out $(DONLY_NOT),$(patsubst tests/unit/%.c,%,\
	$(wildcard tests/unit/test_dt_*.c)))
DONLY_BINS := $(DONLY)/dtrace $(addprefix $(DONLY)/,$(DONLY_TESTS))

$(call obj,tests/unit/dt_nobt.c): CPPFLAGS += $(DT_INCS) $(BPF_CFLAGS)
$(call obj,tests/unit/dt_nobt.c): | $(DT_GEN_HDRS)

$(DONLY)/dtrace: $$(call obj,$(DT_MAIN) $$(DONLY_LIB) $$(DT_DIF_SRCS))
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $^ $(DT_LDLIBS)
$(addprefix $(DONLY)/,$(DONLY_TESTS)): $(DONLY)/%: $(B)/obj/tests/unit/%.o \
		$$(call obj,$$(DIF_SRCS) $$(DONLY_LIB) $$(UNIT_EXTRA_SRCS))
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -o $@ $^ $(LDLIBS) $(DT_LDLIBS)

.PHONY: donly
donly: $(DONLY_BINS)
