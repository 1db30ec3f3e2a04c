# SPDX-License-Identifier: GPL-2.0
# The dtrace command: a library of small passes (DT_LIB_SRCS, also linked
# into the unit tests) and cmd/dt_main.c, which holds main().
#
# Folders by stage (Documentation/architecture.md): cmd/ the command,
# lang/ the AST, types and errors, d/ and bpftrace/ the two front ends,
# compile/ the passes, probes/ the providers' command halves, types/ the
# kernel's types (BTF, through libbpf), run/ the device, the consumer and
# the output formats.
#
# The lexer and parser are generated into $(B)/gen/; every object of the
# command and of the tests waits for them (order-only).

DT_DIRS := cmd lang d bpftrace compile probes types run
DT_MAIN := user/cmd/dt_main.c
DT_GEN := $(B)/gen
DT_GEN_SRCS := $(DT_GEN)/dt_grammar.c $(DT_GEN)/dt_lex.c \
	$(DT_GEN)/bt_grammar.c $(DT_GEN)/bt_lex.c
DT_GEN_HDRS := $(DT_GEN)/dt_grammar.h $(DT_GEN)/dt_lex.h \
	$(DT_GEN)/bt_grammar.h $(DT_GEN)/bt_lex.h
DT_ALL_SRCS := $(foreach d,$(DT_DIRS),$(wildcard user/$(d)/*.c))
DT_LIB_SRCS := $(filter-out $(DT_MAIN),$(DT_ALL_SRCS)) $(DT_GEN_SRCS)
DT_INCS := $(addprefix -Iuser/,$(DT_DIRS))
# libbpf reads the kernel's BTF (user/types/); pkg-config names it where
# it can.
BPF_CFLAGS := $(shell pkg-config --cflags libbpf 2>/dev/null)
BPF_LIBS := $(shell pkg-config --libs libbpf 2>/dev/null || echo -lbpf)
DT_LDLIBS := $(BPF_LIBS) -lelf -lm

$(DT_GEN)/dt_grammar.c $(DT_GEN)/dt_grammar.h &: user/d/dt_grammar.y
	@mkdir -p $(DT_GEN)
	bison -Wall -Werror --defines=$(DT_GEN)/dt_grammar.h \
		-o $(DT_GEN)/dt_grammar.c $<

$(DT_GEN)/dt_lex.c $(DT_GEN)/dt_lex.h &: user/d/dt_lex.l $(DT_GEN)/dt_grammar.h
	@mkdir -p $(DT_GEN)
	flex --header-file=$(DT_GEN)/dt_lex.h -o $(DT_GEN)/dt_lex.c $<

# The bpftrace language's, the same way (bt_parse.h).
$(DT_GEN)/bt_grammar.c $(DT_GEN)/bt_grammar.h &: user/bpftrace/bt_grammar.y
	@mkdir -p $(DT_GEN)
	bison -Wall -Werror --defines=$(DT_GEN)/bt_grammar.h \
		-o $(DT_GEN)/bt_grammar.c $<

$(DT_GEN)/bt_lex.c $(DT_GEN)/bt_lex.h &: user/bpftrace/bt_lex.l \
		$(DT_GEN)/bt_grammar.h
	@mkdir -p $(DT_GEN)
	flex --header-file=$(DT_GEN)/bt_lex.h -o $(DT_GEN)/bt_lex.c $<

# Every object that may include the generated headers waits for them.
$(call obj,$(DT_LIB_SRCS) $(DT_MAIN)) \
$(call asan,$(DT_LIB_SRCS) $(DT_MAIN)): | $(DT_GEN_HDRS) $(DT_GEN_SRCS)
$(call obj,$(wildcard tests/unit/test_dt_*.c tests/unit/test_bt_*.c)) \
$(call asan,$(wildcard tests/unit/test_dt_*.c tests/unit/test_bt_*.c)): | $(DT_GEN_HDRS) $(DT_GEN_SRCS)

# The generated C is not ours to keep warning-free in every detail.
$(call obj,$(DT_GEN_SRCS)) $(call asan,$(DT_GEN_SRCS)): \
	CPPFLAGS += $(DT_INCS) -Wno-unused-function -Wno-sign-compare
$(call obj,$(DT_ALL_SRCS) $(wildcard tests/unit/test_dt_*.c tests/unit/test_bt_*.c)) \
$(call asan,$(DT_ALL_SRCS) $(wildcard tests/unit/test_dt_*.c tests/unit/test_bt_*.c)): \
	CPPFLAGS += $(DT_INCS) $(BPF_CFLAGS)

# The command uses dif/'s loader, verifier, disassembler and aggregation
# semantics (not the interpreter, whose environment is the module's).
DT_DIF_SRCS = $(filter dif/dif_log.c dif/dif_names.c dif/dif_load.c \
	dif/dif_verify.c dif/dif_disasm.c dif/dif_agg.c,$(DIF_SRCS))

user: user/dtrace
user/dtrace: $$(call obj,$(DT_MAIN) $$(DT_LIB_SRCS) $$(DT_DIF_SRCS))
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $^ $(DT_LDLIBS)

# The command under ASan+UBSan, for the D tests on the host.
$(B)/dtrace-asan: $$(call asan,$(DT_MAIN) $$(DT_LIB_SRCS) $$(DT_DIF_SRCS))
	$(CC) $(CFLAGS) $(SAN) -o $@ $^ $(DT_LDLIBS)
