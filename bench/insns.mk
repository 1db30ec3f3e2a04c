# SPDX-License-Identifier: GPL-2.0
#
# make bench-insns: instructions per firing of dtrace.ko's own firing
# path (kmod/dtrace_fire.c and what it calls, and dif/ with the switch
# dispatch the module uses under retpolines, without jump tables), built for userspace with
# bench/kshim/kshim.h in place of the kernel's headers, counted by
# callgrind (bench/insns.sh). Deterministic: the same count every run.
FIRE_KMOD := kmod/dtrace_fire.c kmod/dtrace_agg.c kmod/dtrace_rate.c \
	kmod/dif_env_kernel.c kmod/dtrace_plan.c
FIRE_DIF = $(filter-out dif/dif_exec.c,$(DIF_SRCS)) $(DIF_USER_SRCS)
KSHIM := $(B)/kshim
# Each kernel header those files include: a file that includes kshim.h.
$(KSHIM)/stamp: $(FIRE_KMOD) kmod/dtrace_impl.h bench/insns.mk
	rm -rf $(KSHIM) && mkdir -p $(KSHIM)
	for h in $$(sed -n 's/^#include <\(\(linux\|asm\)\/[^>]*\)>.*/\1/p' \
			$(FIRE_KMOD) kmod/dtrace_impl.h include/dtrace/*.h | sort -u | \
			grep -vx 'linux/ioctl.h'); do \
		mkdir -p $(KSHIM)/$$(dirname $$h) && \
		echo '#include "kshim.h"' >$(KSHIM)/$$h; done
	touch $@
KSHIM_FLAGS := -Ibench/kshim -I$(KSHIM) -Ikmod -Wno-unused-parameter \
	-Wno-sign-compare -Wno-pointer-sign
$(B)/kshim-obj/%.o: %.c $(KSHIM)/stamp bench/kshim/kshim.h
	@mkdir -p $(@D)
	$(CC) $(KSHIM_FLAGS) $(CPPFLAGS) $(CFLAGS) $(WFLAGS) -MMD -MP -c $< -o $@
-include $(shell find $(B)/kshim-obj -name '*.d' 2>/dev/null)
# The switch as the kernel compiles it under retpolines: no jump table.
$(B)/kshim-obj/dif/dif_exec.o: KSHIM_FLAGS += -DDIF_NO_COMPUTED_GOTO \
	-fno-jump-tables
$(B)/bench/fire_insns: $(patsubst %.c,$(B)/kshim-obj/%.o,$(FIRE_KMOD) \
		bench/fire_insns.c dif/dif_exec.c) \
		$$(call obj,$$(FIRE_DIF))
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -o $@ $^

.PHONY: bench-insns
bench-insns: $(B)/bench/fire_insns
	./bench/insns.sh $(B)/bench/fire_insns
