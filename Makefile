# SPDX-License-Identifier: GPL-2.0
#
# Top-level build: the kernel module through Kbuild, everything else here.
#
#   make            build kmod/dtrace.ko and user/dtrace
#   make deps       install the Debian packages the project needs (root),
#                   and make Debian 13's and testing's roots under build/
#   make demo       the demo's deps, build, a real trace in a QEMU guest
#   make check      every test; ends with "N passed, N failed"
#   make deb        Debian packages into build/deb/ (Documentation/install.md)
#   make check-pkg  install, upgrade and purge them in a QEMU guest
#
# KVER/KDIR pick the kernel to build for: by default Debian's default
# kernel (tests/default-kver.sh says which).

KVER ?= $(shell tests/default-kver.sh)
# The one version of module, command and packages.
VERSION := $(shell cat VERSION)
KDIR ?= /lib/modules/$(KVER)/build
LINUX_SOURCE ?= /usr/src/linux-source-6.1.tar.xz

.SECONDEXPANSION:
# Objects made only by pattern rules are kept, so a second `make unit`
# finds them and relinks nothing.
.SECONDARY:
B := build
CC ?= cc
CFLAGS ?= -O2 -g
WFLAGS := -Wall -Wextra -Werror -std=gnu11
CPPFLAGS += -Iinclude -Idif -I$(B)/gen
# The harness header is not ours: its own warnings are not errors here.
CPPFLAGS += -isystem $(B)/ksft
CPPFLAGS += -DDTRACE_VERSION='"$(VERSION)"'
export KVER KDIR

.PHONY: all kmod user deps demo check clean tools
all: kmod user

kmod:
	$(MAKE) -C $(KDIR) M=$(CURDIR)/kmod DTRACE_WERROR=1 modules

# kselftest_harness.h and checkpatch.pl come from Debian's linux-source
# package at build time; nothing of it is committed.
KSFT := $(B)/ksft/kselftest_harness.h
CHECKPATCH := $(B)/checkpatch/checkpatch.pl
tools: $(KSFT) $(CHECKPATCH)
$(KSFT) $(CHECKPATCH) &:
	@test -r $(LINUX_SOURCE) || \
		{ echo "missing $(LINUX_SOURCE): run 'make deps'" >&2; exit 1; }
	rm -rf $(B)/lsrc && mkdir -p $(B)/lsrc $(B)/ksft $(B)/checkpatch
	tar -xJf $(LINUX_SOURCE) -C $(B)/lsrc --strip-components=1 \
		linux-source-6.1/tools/testing/selftests/kselftest_harness.h \
		linux-source-6.1/tools/testing/selftests/kselftest.h \
		linux-source-6.1/scripts/checkpatch.pl \
		linux-source-6.1/scripts/spelling.txt \
		linux-source-6.1/scripts/const_structs.checkpatch
	cp $(B)/lsrc/tools/testing/selftests/kselftest*.h $(B)/ksft/
	cp $(B)/lsrc/scripts/checkpatch.pl $(B)/lsrc/scripts/spelling.txt \
		$(B)/lsrc/scripts/const_structs.checkpatch $(B)/checkpatch/
	rm -rf $(B)/lsrc

# -x oformat=flamegraph's page: d3-flame-graph's self-contained template
# (d3's pieces inlined), from npm at build time with its licences;
# nothing of it is committed. dtrace finds it beside itself
# (build/flamegraph/) or in /usr/share/dtrace-linux/ (dt_flame.h).
FLAME_VER := 4.1.3
FLAME := $(B)/flamegraph/flamegraph.html
.PHONY: flamegraph
flamegraph: $(FLAME)
$(FLAME):
	rm -rf $(B)/npm-flame && mkdir -p $(B)/npm-flame $(B)/flamegraph
	npm install --prefix $(B)/npm-flame --no-audit --no-fund \
		--loglevel=error d3-flame-graph@$(FLAME_VER)
	cp $(B)/npm-flame/node_modules/d3-flame-graph/LICENSE \
		$(B)/flamegraph/LICENSE.d3-flame-graph
	for m in $(B)/npm-flame/node_modules/d3-*/; do \
		echo "== $$(basename $$m)"; cat $$m/LICENSE; \
	done >$(B)/flamegraph/LICENSE.d3
	cp $(B)/npm-flame/node_modules/d3-flame-graph/dist/templates/d3-flamegraph-base.html $@.tmp
	mv $@.tmp $@

deps:
	./tests/install-deps.sh

# Only what the demo needs: the default kernel, no matrix, no roots.
.PHONY: deps-demo
deps-demo:
	./tests/install-deps.sh --demo

# Userspace objects: a plain build and an ASan+UBSan build of every
# source. Fragments list sources; $(call obj,...) and $(call asan,...)
# name the objects.
SAN := -fsanitize=address,undefined -fno-sanitize-recover=all \
	-fno-omit-frame-pointer
obj = $(patsubst %.c,$(B)/obj/%.o,$(1))
asan = $(patsubst %.c,$(B)/asan/%.o,$(1))
$(B)/obj/%.o: %.c
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(CFLAGS) $(WFLAGS) -MMD -MP -c $< -o $@
$(B)/asan/%.o: %.c
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(CFLAGS) $(WFLAGS) $(SAN) -MMD -MP -c $< -o $@
# Dependency files of the object trees only: D scripts also end in .d.
-include $(shell find $(B)/obj $(B)/asan $(B)/obj-sw $(B)/asan-sw \
	-name '*.d' 2>/dev/null)

# Each part keeps its own rules in a fragment.
include dif/dif.mk
include user/user.mk
include tests/unit/unit.mk
include tests/vm/vm.mk
include tests/kmod/kmod.mk
include tests/fuzz/fuzz.mk
include tests/check-layers.mk
include bench/insns.mk

# The module and the command built side by side, on every core: on a
# fresh host the two builds are half of the demo's time.
demo: deps-demo
	$(MAKE) -j$$(nproc) all
	./tests/vm/demo.sh

# The roots are made by run-check.sh, beside the first stages. The
# builds use every core: CI has two and 90 minutes.
check:
	./tests/install-deps.sh --no-roots
	$(MAKE) -j$$(nproc) all tools unit kmod-tests flamegraph
	$(MAKE) check-only

# make check without installing anything first.
.PHONY: check-only
check-only: all tools unit kmod-tests flamegraph
	./tests/run-check.sh

clean:
	-$(MAKE) -C $(KDIR) M=$(CURDIR)/kmod clean
	rm -rf $(B) user/dtrace

# Install the module on this machine through DKMS, as a distribution
# package would: the source goes to /usr/src/dtrace-VERSION.
DKMS_VER := $(VERSION)
DKMS_SRC ?= /usr/src/dtrace-$(DKMS_VER)
.PHONY: dkms-src dkms-install dkms-remove
dkms-src:
	rm -rf $(DKMS_SRC)
	mkdir -p $(DKMS_SRC)
	cp -r VERSION kmod dif include $(DKMS_SRC)/
	sed 's/#MODULE_VERSION#/$(DKMS_VER)/' dkms.conf >$(DKMS_SRC)/dkms.conf
	find $(DKMS_SRC) \( -name '*.o' -o -name '*.ko' -o -name '.*.cmd' \
		-o -name '*.mod*' -o -name Module.symvers \
		-o -name modules.order -o -name '*.btf' \) -delete
dkms-install: dkms-src
	dkms install dtrace/$(DKMS_VER) -k $(KVER)
dkms-remove:
	dkms remove dtrace/$(DKMS_VER) --all
	rm -rf $(DKMS_SRC)

# Benchmarks beside bpftrace in one guest run; not part of check.
.PHONY: bench bench-peer
bench: all
	./bench/run.sh

# On Debian 11's 5.10, beside bpftrace 0.17 and 0.11, with the one-liners
# and the tools (bench/peer.sh).
bench-peer: all
	./bench/peer.sh

# The guest suite with the ten-minute load test and Prometheus soak (the
# whole suite is about 30 minutes under TCG, each of those 10 more).
.PHONY: check-long
check-long: all tools kmod-tests
	./tests/vm/run-guest.sh --timeout 4200 --module kmod/dtrace.ko -- \
		tests/guest-suite.sh --long

# The whole guest suite on every kernel of the matrix (5.10, 6.1, 6.1-rt,
# 6.12, and Debian 13's and testing's on their roots: make deps).
.PHONY: check-matrix
check-matrix: all tools kmod-tests
	./tests/run-matrix.sh

# What prints or checks the version is rebuilt when it changes (the
# module's flags carry it, so Kbuild rebuilds that by itself).
$(call obj,user/cmd/dt_args.c) $(call asan,user/cmd/dt_args.c) \
$(B)/guest/test_abi: VERSION

# Debian packages from this tree into build/deb/ (debian/mkdeb.sh);
# DEB_VERSION_SUFFIX=+x makes a newer local version.
.PHONY: deb
deb: flamegraph
	./debian/mkdeb.sh

# The packages' life in a guest: install, DKMS build, trace, upgrade,
# purge (tests/pkg/run.sh); PKG_KVER=5.10.0-32-amd64 in a guest of that
# kernel (make check runs the default kernel's only: 5.10's takes over
# 20 minutes more under TCG). PKG_NO_UPGRADE=1 leaves out the upgrade.
PKG_KVER ?=
.PHONY: check-pkg
check-pkg: flamegraph
	./tests/pkg/run.sh $(if $(PKG_KVER),--kver $(PKG_KVER))

# The reliability tests once more on 6.1 under multi-threaded TCG with
# the host loaded (tests/vm/reliability.sh): SMP_RUNS runs of the
# every-function one-liner, each within 60 s. make check runs it too,
# with the other guests as the load (Documentation/safety.md).
SMP_RUNS ?= 10
.PHONY: check-smp
check-smp: all tools kmod-tests
	./tests/vm/reliability.sh $(SMP_RUNS)
