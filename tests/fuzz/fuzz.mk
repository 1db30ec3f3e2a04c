# SPDX-License-Identifier: GPL-2.0
#
# libFuzzer targets (clang, -fsanitize=fuzzer,address,undefined), one
# per parser of untrusted input, build/fuzz/fuzz_NAME:
#   dif       DIF objects and memory: dif_prog_load( ), dif_exec( )
#   elf       ELF headers, segments, symbol tables, build-ID notes
#   usdt      .note.stapsdt notes and their argument specs
#   maps      /proc/PID/maps lines
#   tpformat  tracefs format files
#   btf       BTF files (DTRACE_BTF): dt_btf.c's walk over what libbpf
#             accepts
#   d, bt     D and bpftrace source through code generation and the
#             userspace DIF verifier
#   http      requests to -x prometheus's server (dt_http_parse( ))
# `make fuzz` runs each for FUZZ_SECONDS (default 1800), `make
# fuzz-smoke` for FUZZ_SMOKE_SECONDS (12; it is part of make check);
# FUZZ_RUNS=N stops a run after N executions instead (libFuzzer's -runs);
# both stop at the first finding, whose input is left in build/fuzz/
# as NAME-crash-*, NAME-leak-*, NAME-timeout-* or NAME-oom-*. The
# corpus each grows is kept in build/fuzz/corpus/NAME.

FUZZ_SECONDS ?= 1800
FUZZ_SMOKE_SECONDS ?= 12
FUZZ_CC ?= clang
FZ := $(B)/fuzz
FUZZ_TARGETS := dif elf usdt maps tpformat btf d bt http
FUZZ_SAN := -fsanitize=address,undefined -fno-sanitize-recover=all
FUZZ_CFLAGS := -g -O1 -fno-omit-frame-pointer $(FUZZ_SAN)
FUZZ_CPPFLAGS = $(CPPFLAGS) $(DT_INCS) -Itests/unit -Itests/fuzz

# Objects of the command's library, instrumented for coverage.
fzobj = $(patsubst %.c,$(FZ)/obj/%.o,$(1))
$(FZ)/obj/%.o: %.c | $(DT_GEN_HDRS) $(DT_GEN_SRCS)
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZ_CPPFLAGS) $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link \
		-MMD -MP -c $< -o $@
-include $(shell find $(FZ)/obj -name '*.d' 2>/dev/null)

FUZZ_LIB = $(DT_LIB_SRCS) $(DT_DIF_SRCS)
$(FZ)/fuzz_d $(FZ)/fuzz_bt: $(FZ)/fuzz_%: $$(call fzobj,tests/fuzz/fuzz_%.c \
		tests/fuzz/fuzz_compile.c $$(FUZZ_LIB))
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer -o $@ $^ $(DT_LDLIBS)
$(FZ)/fuzz_elf $(FZ)/fuzz_usdt $(FZ)/fuzz_maps $(FZ)/fuzz_tpformat \
$(FZ)/fuzz_btf $(FZ)/fuzz_http: \
		$(FZ)/fuzz_%: $$(call fzobj,tests/fuzz/fuzz_%.c $$(FUZZ_LIB))
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer -o $@ $^ $(DT_LDLIBS)
# The interpreter with the userspace environment, as before.
$(FZ)/fuzz_dif: $$(call fzobj,tests/fuzz/fuzz_dif.c $$(DIF_SRCS) \
		$$(DIF_USER_SRCS) tests/unit/dif_env_user.c)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer -o $@ $^

# Seeds made at build time (mkseeds.sh), and the committed ones.
$(FZ)/seeds.stamp: tests/fuzz/mkseeds.sh tests/fuzz/seed_elf.c \
		tests/fuzz/seed_btf.c $(wildcard tests/fuzz/seeds/*/* tests/d/*.d \
		tests/d/*.sh tests/d/*.bpftrace)
	@mkdir -p $(FZ)
	tests/fuzz/mkseeds.sh $(CURDIR) $(CURDIR)/$(FZ)
	touch $@
FUZZ_SEEDS_dif := $(CURDIR)/tests/fuzz/seeds/dif
FUZZ_SEEDS_tpformat := $(CURDIR)/tests/fuzz/seeds/tpformat
FUZZ_SEEDS_http := $(CURDIR)/tests/fuzz/seeds/http
FUZZ_SEEDS = $(or $(FUZZ_SEEDS_$(1)),seeds/$(1))
FUZZ_MAXLEN_elf := 65536
FUZZ_MAXLEN = $(or $(FUZZ_MAXLEN_$(1)),8192)
# An input's limit in wall time: at nice 19 beside guests that keep both
# cores busy, inputs of 0.1 s went over 10 s (slow units are kept too).
FUZZ_TIMEOUT ?= 60
# NAME SECONDS. Past half the RSS limit libFuzzer purged ASan's caches
# every second: the madvise and the page faults after it were a third
# of the bt fuzzer's time, so the quarantine is smaller and never purged.
# Recording each allocation's stack was a fifth of the d fuzzer's time: a
# finding's report lacks it, rerunning its artifact gives it.
FUZZ_RUN = cd $(FZ) && mkdir -p corpus/$(1) && \
	ASAN_OPTIONS=quarantine_size_mb=64:malloc_context_size=0 nice -n 19 ./fuzz_$(1) \
	-timeout=$(FUZZ_TIMEOUT) -report_slow_units=5 -rss_limit_mb=4096 \
	-purge_allocator_interval=-1 \
	-max_len=$(call FUZZ_MAXLEN,$(1)) \
	-max_total_time=$(2) $(if $(FUZZ_RUNS),-runs=$(FUZZ_RUNS)) \
	-print_final_stats=1 -artifact_prefix=./$(1)- \
	corpus/$(1) $(call FUZZ_SEEDS,$(1))

.PHONY: fuzz fuzz-smoke fuzz-build
fuzz-build: $(patsubst %,$(FZ)/fuzz_%,$(FUZZ_TARGETS)) $(FZ)/seeds.stamp
fuzz-long-%: fuzz-build
	$(call FUZZ_RUN,$*,$(FUZZ_SECONDS))
fuzz-smoke-%: fuzz-build
	$(call FUZZ_RUN,$*,$(FUZZ_SMOKE_SECONDS))
fuzz: $(patsubst %,fuzz-long-%,$(FUZZ_TARGETS))
fuzz-smoke: $(patsubst %,fuzz-smoke-%,$(FUZZ_TARGETS))
