# mk/kernel.mk - tests of the kernel modules in a QEMU guest.
#
#   make vmtest     build gpugov.ko and gpugov_sim.ko against the 6.1
#                   headers, boot the matching Debian kernel under QEMU
#                   (TCG) with them and the selftests/vm programs, print
#                   TAP and "RESULT vmtest: P passed, F failed"
#   make govlayout  prove governor/gpugov_devfreq_gov.h identical to the
#                   private drivers/devfreq/governor.h of 6.1 and 6.12
#   make checkpatch checkpatch --strict on the kernel sources
#
# Downloads (guest kernel, kernel sources) are cached in build/vm and
# build/ksrc, so reruns work offline.

VM_DIR := $(BUILD)/vm
VM_KVER = $(KVER)
VM_CC := $(CC) -std=gnu11 -O2 -g -Wall -Wextra -Werror -static
VM_CFLAGS := -Iselftests/vm -Ipredictors -Idrivers_glue -Itools/vm
VM_TEST_SRCS := $(sort $(wildcard selftests/vm/[0-9]*.c))
VM_TESTS := $(VM_TEST_SRCS:selftests/vm/%.c=$(VM_DIR)/tests/%)
VM_BLOBS := $(VM_DIR)/data/sweep.blob $(VM_DIR)/data/short.blob

$(VM_DIR)/vm-exit: tools/vm/vm-exit.c
	@mkdir -p $(dir $@)
	$(VM_CC) -o $@ $<

$(VM_DIR)/gen_simblob: selftests/vm/gen_simblob.c tools/vm/simblob.c \
		tools/vm/simblob.h drivers_glue/gpugov_simblob.h
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_USER) -Idrivers_glue -Itools/vm -o $@ \
		selftests/vm/gen_simblob.c tools/vm/simblob.c

$(VM_DIR)/data/sweep.blob: $(VM_DIR)/gen_simblob
	@mkdir -p $(dir $@)
	$< -s 300 -o 7 -p 10 $@

$(VM_DIR)/data/short.blob: $(VM_DIR)/gen_simblob
	@mkdir -p $(dir $@)
	$< -s 40 -o 5 -p 4 $@

$(VM_DIR)/tests/%: selftests/vm/%.c selftests/vm/vmtap.h $(LIBGPUGOV)
	@mkdir -p $(dir $@)
	$(VM_CC) $(VM_CFLAGS) -o $@ $< $(LIBGPUGOV)

$(VM_DIR)/tests/%: selftests/vm/%.sh
	@mkdir -p $(dir $@)
	install -m 755 $< $@

.PHONY: vmtest vm-modules govlayout checkpatch

vm-modules:
	@mkdir -p $(BUILD)
	$(call kbuild_clean,$(KDIR),)

vmtest: vm-modules $(VM_DIR)/vm-exit $(VM_TESTS) $(VM_BLOBS)
	@scripts/deps.sh vm
	@VM_KVER=$(VM_KVER) VM_DIR=$(VM_DIR) tools/vm/vmtest.sh \
		--module gpugov.ko --module gpugov_sim.ko \
		--intree governor_simpleondemand \
		$(foreach t,$(VM_TESTS),--test $(t)) \
		$(foreach b,$(VM_BLOBS),--file $(b):/data/$(notdir $(b)))
