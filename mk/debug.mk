# mk/debug.mk - the VM tests on a debug kernel: KASAN, lockdep
# (PROVE_LOCKING), DEBUG_ATOMIC_SLEEP, UBSAN and kmemleak, none of which
# Debian's kernels have.
#
#   make debug-kernel   build the debug kernel from Debian's linux-source-6.1
#                       with tools/vm/debug-kernel.config, once, into the
#                       cache outside the clone (scripts/debug-kernel.sh:
#                       13 min measured on 2 cores); prints its directory
#   make vmtest-debug   gpugov.ko and gpugov_sim.ko built against that
#                       kernel's tree, booted with the vmtest programs (and
#                       the stress programs of VM_STRESS_TESTS): TAP and
#                       "RESULT vmtest-debug: P passed, F failed".  Any
#                       KASAN, lockdep, might_sleep, UBSAN or kmemleak
#                       report fails it (tools/vm/parse-log.sh).
#
# vmtest-debug never builds the kernel: with a cold cache it prints one
# SKIP line and "RESULT vmtest-debug: 0 passed, 0 failed, 1 skipped", so
# `make test` fits its time on a fresh machine and says what it left out
# (docs/testing.md).

TEST_SUITES += vmtest-debug

VMD_KO := $(BUILD)/vm-debug
# Build time measured for the SKIP line (scripts/debug-kernel.sh keeps the
# real one in the cache's build-seconds).
DEBUGK_BUILD_MIN := 13

.PHONY: debug-kernel vmtest-debug vmtest-debug-run vm-modules-debug

debug-kernel:
	@scripts/debug-kernel.sh

# The prerequisites are named in the recipe: mk/kernel.mk, which defines
# most of them, is read after this file.  They are vmtest's (mk/*.mk's
# "vmtest vmtest-612:" lines): the guest's programs and tools among them,
# which a clean clone has not built yet.
vmtest-debug:
	@if d=$$(scripts/debug-kernel.sh --check); then \
		$(MAKE) -s --no-print-directory DEBUGK_DIR=$$d vm-modules-debug \
			$(VM_DEPS) $(BUILD)/gpugov-trace $(GT_VM_REPLAY) \
			$(STATUS_VM) $(AB_BIN) $(FRAMES_BIN) \
			$(VM_STRESS_TESTS) && \
		$(MAKE) --no-print-directory DEBUGK_DIR=$$d vmtest-debug-run; \
	else \
		echo "ok 1 # SKIP debug kernel not cached: run make debug-kernel ($(DEBUGK_BUILD_MIN) min)"; \
		echo "1..1"; \
		echo "RESULT vmtest-debug: 0 passed, 0 failed, 1 skipped"; \
	fi

# The modules against the debug tree, in a clean tree, kept in
# build/vm-debug, and the tree is cleaned again.  The tree has vmlinux,
# so kbuild gives gpugov.ko its BTF: it is the BTF'd module of 97_* too.
vm-modules-debug:
	@test -n "$(DEBUGK_DIR)" || { echo "vm-modules-debug: DEBUGK_DIR not set" >&2; exit 1; }
	@mkdir -p $(VMD_KO)
	@$(MAKE) --no-print-directory kbuild-clean
	$(call kbuild_clean,$(DEBUGK_DIR)/build,)
	@readelf -S gpugov.ko | grep -q '\.BTF ' || \
		{ echo "vm-modules-debug: gpugov.ko has no BTF" >&2; exit 1; }
	cp gpugov.ko gpugov_sim.ko $(VMD_KO)/
	@$(MAKE) --no-print-directory kbuild-clean

# KASAN's shadow, lockdep and kmemleak take memory, and the guest runs
# slower: 2 GB, 40 min for the guest (the vmtest programs took 226-273 s),
# 15 min per program.  The log buffer keeps the whole run's kernel log.
vmtest-debug-run: export VM_KROOT = $(DEBUGK_DIR)/root
vmtest-debug-run: export VM_MEM = 2G
vmtest-debug-run: export VM_TIMEOUT = 2400
vmtest-debug-run: export VM_APPEND = log_buf_len=16M VM_TEST_TIMEOUT=900
vmtest-debug-run: export VM_DEBUG_CHECKS = 1
vmtest-debug-run:
	@scripts/deps.sh vm
	$(call vm_run,vmtest-debug,$(shell cat $(DEBUGK_DIR)/kernelrelease),$(VMD_KO),\
		$(VM_TESTS) $(VM_STRESS_TESTS),$(call vm_files,$(VMD_KO)/gpugov.ko))
