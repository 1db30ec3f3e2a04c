# SPDX-License-Identifier: GPL-2.0
# QEMU guest harness (tests/vm/README.md). Included by the Makefile,
# which sets B and KVER.
#
#   make vm-shell [VM_MODULE=kmod/dtrace.ko]   root shell in a guest
#   make vm-run CMD='shell command' [VM_MODULE=...]
#   make vm-dtests [DTESTS='glob...']           tests/d, module loaded
#   make vm-selftest                            the harness's own tests
#   make vm-initramfs                           only the guest boot files
#
# vm-run takes CMD as written ($(value), so make expands no $ in it)
# and quotes it for the shell.

VM := tests/vm
VM_MODULE ?=
VM_RUN := $(VM)/run-guest.sh --kver $(KVER) \
	$(if $(VM_MODULE),--module $(VM_MODULE))

.PHONY: vm-initramfs vm-shell vm-run vm-dtests vm-selftest

vm-initramfs:
	$(VM)/mkinitramfs.sh $(KVER) $(B)/vm/initramfs-$(KVER).cpio.gz
	$(VM)/mkvmlinux.sh $(KVER) $(B)/vm/vmlinux-$(KVER)

# --norc: Debian's bashrc and completions take 6 s more under TCG.
vm-shell:
	$(VM_RUN) --interactive --timeout 86400 -- \
		/usr/bin/env 'PS1=guest:\w\$$ ' /bin/bash --norc

vm-run:
	@test -n '$(subst ','\'',$(value CMD))' || \
		{ echo "usage: make vm-run CMD='shell command'" >&2; exit 2; }
	$(VM_RUN) -- /bin/sh -c '$(subst ','\'',$(value CMD))'

vm-dtests: all
	$(VM)/run-guest.sh --kver $(KVER) --module kmod/dtrace.ko -- \
		$(VM)/run-d-tests.sh user/dtrace tests/d $(DTESTS)

vm-selftest:
	$(VM)/selftest.sh

# bpftrace's side of the comparisons of Debian's bpftrace tools, captured
# in a guest into tests/d/bt-tools-peer/ (tests/vm/bt-tools-capture.sh).
.PHONY: capture-bt-tools
capture-bt-tools: all
	$(VM)/bt-tools-capture.sh
