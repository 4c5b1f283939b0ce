# mk/kernel.mk - the kernel modules' checks and tests in a QEMU guest.
#
#   make vmtest     build gpugov.ko and gpugov_sim.ko against the 6.1
#                   headers, boot the matching Debian kernel under QEMU
#                   (TCG) with them and the selftests/vm programs, print
#                   TAP and "RESULT vmtest: P passed, F failed"
#   make vmtest-612 the same with bookworm's 6.12 kernel and headers
#   make vmtest-bpftrace  the bpftrace one-liners of docs/tracing.md in
#                   the 6.1 guest
#   make govlayout  prove governor/gpugov_devfreq_gov.h identical to the
#                   private drivers/devfreq/governor.h of 6.1 and 6.12
#   make checkpatch checkpatch --strict on the kernel sources
#   make simblob    the trace v1 -> blob converter reproduces known blobs
#   make parse-log-check  tools/vm/parse-log.sh, which judges every guest
#                   run, on hand-made logs (part of `make check`)
#
# Downloads (guest kernel, kernel sources) are cached in build/vm and
# build/ksrc, so reruns work offline.

TEST_SUITES += govlayout checkpatch simblob vmtest vmtest-612
CHECK_SUITES += parse-log-check

.PHONY: parse-log-check
parse-log-check:
	@selftests/tools/test_parse_log.sh

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

SIMBLOB_DEPS := tools/vm/simblob.c tools/vm/simblob.h \
	drivers_glue/gpugov_simblob.h $(LIBCOMMON) $(LIBGPUGOV)

# trace v1 -> gpugov_sim blob converter
$(BUILD)/gpugov-simblob: tools/vm/gpugov-simblob.c $(SIMBLOB_DEPS)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_USER) $(LDFLAGS_USER) -Idrivers_glue -Itools/vm -o $@ $< \
		tools/vm/simblob.c $(LIBCOMMON) $(LIBGPUGOV) $(LDLIBS_USER)
TOOLS_BINS += $(BUILD)/gpugov-simblob

$(VM_DIR)/gen_simblob: selftests/vm/gen_simblob.c $(SIMBLOB_DEPS)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_USER) -Idrivers_glue -Itools/vm -o $@ $< \
		tools/vm/simblob.c $(LIBCOMMON) $(LIBGPUGOV) $(LDLIBS_USER)

# Each blob comes with the same sweep as a v1 text trace for gpugov-replay.
$(VM_DIR)/data/sweep.blob: $(VM_DIR)/gen_simblob mk/kernel.mk
	@mkdir -p $(dir $@) $(VM_DIR)/traces
	$< -s 300 -o 7 -p 10 -t $(VM_DIR)/traces/sweep.trace $@

$(VM_DIR)/data/short.blob: $(VM_DIR)/gen_simblob mk/kernel.mk
	@mkdir -p $(dir $@) $(VM_DIR)/traces
	$< -s 40 -o 5 -p 4 -t $(VM_DIR)/traces/short.trace $@

# What gpugov-replay run decides on the same traces (96_replay_tool).
VM_EXPECT_SHORT := $(foreach p,crisp crisp_l stall lead crit busy coremem pcstall,\
	$(foreach o,edp ed2p energy deadline,$(p):$(o):5:0)) crisp:energy:5:10 busy:edp:5:10 \
	busy:deadline:5:0:stock
VM_EXPECT_SWEEP := crisp:edp:5:0 crisp:energy:5:10 stall:ed2p:5:0 busy:edp:5:0 \
	crisp:deadline:5:0 busy:deadline:5:0 busy:deadline:5:0:stock \
	busy:edp:5:0:stock
$(VM_DIR)/data/expect/.done: $(VM_BLOBS) $(BUILD)/gpugov-replay \
		selftests/vm/mkexpect.sh
	@rm -rf $(dir $@)
	selftests/vm/mkexpect.sh $(BUILD)/gpugov-replay $(dir $@) \
		$(VM_DIR)/traces/short.trace short $(VM_EXPECT_SHORT)
	selftests/vm/mkexpect.sh $(BUILD)/gpugov-replay $(dir $@) \
		$(VM_DIR)/traces/sweep.trace sweep $(VM_EXPECT_SWEEP)
	@touch $@

$(VM_DIR)/tests/%: selftests/vm/%.c selftests/vm/vmtap.h selftests/unit/tap.h \
		selftests/vm/simrun.h selftests/vm/libref.h selftests/vm/blobread.h $(LIBGPUGOV)
	@mkdir -p $(dir $@)
	$(VM_CC) $(VM_CFLAGS) -o $@ $< $(LIBGPUGOV)

$(VM_DIR)/tests/%: selftests/vm/%.sh
	@mkdir -p $(dir $@)
	install -m 755 $< $@

.PHONY: vmtest vm-modules vmtest-612 vm-modules-612 govlayout checkpatch simblob

# The converter turns the generator's text trace into the generator's
# own blob, byte for byte.
simblob: $(BUILD)/gpugov-simblob $(VM_DIR)/gen_simblob
	@n=0; f=0; d=$(VM_DIR)/simblob-check; mkdir -p $$d; \
	for args in "-s 300 -o 7 -p 10" "-s 40 -o 5 -p 4" "-s 1 -o 1 -p 1" \
		    "-s 17 -o 32 -p 3"; do \
		rm -f $$d/*; \
		if $(VM_DIR)/gen_simblob $$args -t $$d/t.trace $$d/want.blob && \
		   $(BUILD)/gpugov-simblob $$d/t.trace $$d/got.blob && \
		   cmp -s $$d/want.blob $$d/got.blob; then \
			n=$$((n+1)); echo "ok $$((n+f)) - converter reproduces the blob ($$args)"; \
		else \
			f=$$((f+1)); echo "not ok $$((n+f)) - converter output differs ($$args)"; \
		fi; \
	done; \
	printf 'not a trace\n' >$$d/bad.trace; \
	if $(BUILD)/gpugov-simblob $$d/bad.trace $$d/bad.blob 2>$$d/err; then \
		f=$$((f+1)); echo "not ok $$((n+f)) - malformed trace accepted"; \
	else \
		n=$$((n+1)); echo "ok $$((n+f)) - malformed trace refused: $$(head -c 120 $$d/err)"; \
	fi; \
	echo "1..$$((n+f))"; echo "RESULT simblob: $$n passed, $$f failed"; [ $$f -eq 0 ]

vm-modules:
	@mkdir -p $(BUILD)
	$(call kbuild_clean,$(KDIR),)

# vm_run SUITE,KVER,KO_DIR,TESTS,FILE_ARGS: boot Debian's kernel KVER with
# the gpugov.ko and gpugov_sim.ko of KO_DIR, the test programs TESTS, the
# sim blobs and the further --file arguments FILE_ARGS; TAP ending in
# "RESULT SUITE: ...".
define vm_run
	@VM_KVER=$(2) VM_DIR=$(VM_DIR) VM_NAME=$(1) tools/vm/vmtest.sh \
		--module $(3)/gpugov.ko --module $(3)/gpugov_sim.ko \
		--intree governor_simpleondemand \
		$(foreach t,$(4),--test $(t)) \
		$(foreach b,$(VM_BLOBS),--file $(b):/data/$(notdir $(b))) \
		$(5)
endef
VM_DEPS := $(VM_DIR)/vm-exit $(VM_TESTS) $(VM_BLOBS) $(VM_DIR)/data/expect/.done
# The files of the full test set; BTF_KO is the gpugov.ko with BTF (97_*).
# VM_EXTRA_ARGS: further vmtest.sh arguments, expanded by the recipe's
# shell (mk/frames.mk: a program's shared libraries).
vm_files = $(foreach f,$(VM_FILES),--file $(f)) $(VM_EXTRA_ARGS) \
	--file $(VM_DIR)/data/expect:/data/expect --file $(1):/data/gpugov-btf.ko

vmtest: $(VM_MODULES_61) $(VM_DEPS)
	@scripts/deps.sh vm
	$(call vm_run,vmtest,$(VM_KVER),.,$(VM_TESTS),$(call vm_files,$(GT_VM_BTF_KO)))

# The same tests on bookworm's 6.12 kernel, with the modules built against
# its headers.  Those ship a vmlinux with BTF, so kbuild gives gpugov.ko
# its BTF and the module serves as the BTF'd one too.  Built in a clean
# tree, kept in build/vm-612, and the tree is cleaned again for 6.1.
VM612_KO := $(BUILD)/vm-612
vm-modules-612:
	@mkdir -p $(VM612_KO)
	@$(MAKE) --no-print-directory kbuild-clean
	$(call kbuild_clean,/usr/src/linux-headers-$(KVER_612),)
	cp gpugov.ko gpugov_sim.ko $(VM612_KO)/
	@$(MAKE) --no-print-directory kbuild-clean

vmtest-612: $(VM_MODULES_612) $(VM_DEPS)
	@scripts/deps.sh vm
	$(call vm_run,vmtest-612,$(KVER_612),$(VM612_KO),$(VM_TESTS),$(call vm_files,$(VM612_KO)/gpugov.ko))

# vm-prepare builds everything vmtest and vmtest-612 need (both kernels'
# modules are built in this tree, one after the other), so that
# `make VM_PREPARED=1 vmtest` and `... vmtest-612` can then run side by
# side: QEMU runs each guest on one host thread (tools/vm/run-qemu.sh).
# `make test` does not: side by side, 98_trace_record's 1 ms polls failed
# once in three runs (docs/testing.md).  The mk/*.mk lines
# "vmtest vmtest-612 vm-files:" name the guests' files.
.PHONY: vm-prepare vm-files
vm-files: $(VM_DEPS)
vm-prepare:
	@scripts/deps.sh vm
	@$(MAKE) --no-print-directory vm-modules-612 vkms-612
	@$(MAKE) --no-print-directory vm-modules vkms-61 vm-files
	@tools/vm/fetch-kernel.sh $(VM_KVER) $(VM_DIR) >/dev/null
	@tools/vm/fetch-kernel.sh $(KVER_612) $(VM_DIR) >/dev/null

# ---- the bpftrace one-liners of docs/tracing.md, as printed there ---------
# A guest of its own: it carries bpftrace with its libraries, LLVM and
# clang among them (about 200 MB), and needs 2 GB of memory for them.
TEST_SUITES += vmtest-bpftrace
BT_DIR := $(BUILD)/vm/bpftrace
$(BT_DIR)/oneliners: docs/tracing.md
	@mkdir -p $(dir $@)
	sed -n "s/^    bpftrace -e '\(.*\)'$$/\1/p" $< >$@
	@[ -s $@ ] || { echo "no bpftrace one-liners in $<" >&2; exit 1; }

.PHONY: vmtest-bpftrace
vmtest-bpftrace: export VM_MEM = 2G
vmtest-bpftrace: vm-modules $(VM_DIR)/vm-exit $(VM_DIR)/tests/bpftrace_oneliners \
		$(VM_BLOBS) $(BT_DIR)/oneliners
	@scripts/deps.sh vm bpftrace
	$(call vm_run,$@,$(VM_KVER),.,$(VM_DIR)/tests/bpftrace_oneliners,\
		--file $(BT_DIR)/oneliners:/data/oneliners $$(tools/vm/with-libs.sh /usr/bin/bpftrace))
$(VM_DIR)/tests/bpftrace_oneliners: bpf/selftest_tracer.h

# ---- compat header layout, coding style -----------------------------------
KSRC_DIR := $(BUILD)/ksrc
KDIR_612 = /usr/src/linux-headers-$(KVER_612)

govlayout:
	@scripts/deps.sh module source
	@s61=$$(tools/vm/kernel-source.sh 6.1 $(KSRC_DIR)) && \
	s612=$$(tools/vm/kernel-source.sh 6.12 $(KSRC_DIR)) && \
	selftests/vm/layout/govlayout.sh $(BUILD)/govlayout \
		$(KDIR):$$s61 $(KDIR_612):$$s612

# Out-of-tree code that builds for 6.1 and 6.12 must test
# LINUX_VERSION_CODE; checkpatch's objections to that are the only ones
# ignored.
CHECKPATCH_FILES = $(wildcard governor/*.[ch] drivers_glue/*.[ch] predictors/*.[ch]) Kbuild
checkpatch:
	@scripts/deps.sh source
	@scripts/deps.sh style
	@src=$$(tools/vm/kernel-source.sh 6.1 $(KSRC_DIR)) && \
	if perl $$src/scripts/checkpatch.pl --no-tree --strict --terse \
		--ignore LINUX_VERSION_CODE,CONSTANT_COMPARISON \
		-f $(CHECKPATCH_FILES) >$(BUILD)/checkpatch.log 2>&1; then \
		echo "ok 1 - checkpatch --strict clean: $(words $(CHECKPATCH_FILES)) files"; \
		echo "RESULT checkpatch: 1 passed, 0 failed"; \
	else \
		sed 's/^/# /' $(BUILD)/checkpatch.log; \
		echo "not ok 1 - checkpatch --strict"; \
		echo "RESULT checkpatch: 0 passed, 1 failed"; exit 1; \
	fi
