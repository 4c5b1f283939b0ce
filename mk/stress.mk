# mk/stress.mk - stress and race tests of gpugov and gpugov_sim in the
# QEMU guest (selftests/vm/stress/).
#
#   make vmtest-stress      the 6.1 guest: governor switch storm (up to
#                           10,000 switches, 6 devices at 1 ms, with tunable
#                           writers, debugfs readers, timer flips and
#                           suspend/resume), up to 100 load/unload cycles
#                           with device removal under gpugov, rmmod racing
#                           switchers/timer flips/tunable writers, and
#                           tracepoint toggling at 1 ms polling; the
#                           programs print their counts as TAP diagnostics
#                           and require only a floor any host reaches
#   make vmtest-stress-612  the same on bookworm's 6.12 kernel
#
# Each program runs within a wall-clock budget under TCG (see its
# header), and passes or fails on what it exists to find, not on how
# much the host's speed let it do in that budget.  Measured: the 6.1 run takes about 2.5 minutes end to end on
# an idle two-core host (guest 150 s; up to 5.5 minutes on a loaded one),
# the 6.12 run as long.  `make test` runs the 6.1 one (vmtest-stress in
# TEST_SUITES); the 6.12 one is its own target, which would double that.
#
# VM_STRESS_TESTS, the list of guest binaries, is a contract: the debug
# kernel's suite appends it to its own test list.  The binaries are
# named stress_NN_* so that they sort after the normal selftests/vm ones
# in the guest's /tests.

VM_STRESS_SRCS := $(sort $(wildcard selftests/vm/stress/[0-9]*.c))
VM_STRESS_TESTS := $(VM_STRESS_SRCS:selftests/vm/stress/%.c=$(VM_DIR)/tests/stress_%)

$(VM_DIR)/tests/stress_%: selftests/vm/stress/%.c selftests/vm/stress/stress.h \
		selftests/vm/vmtap.h selftests/unit/tap.h
	@mkdir -p $(dir $@)
	$(VM_CC) $(VM_CFLAGS) -o $@ $<

TEST_SUITES += vmtest-stress

.PHONY: vmtest-stress vmtest-stress-612 vm-stress-tests

vm-stress-tests: $(VM_STRESS_TESTS)

vmtest-stress: vm-modules $(VM_DIR)/vm-exit $(VM_STRESS_TESTS) $(VM_BLOBS)
	@scripts/deps.sh vm
	$(call vm_run,$@,$(VM_KVER),.,$(VM_STRESS_TESTS),)

vmtest-stress-612: vm-modules-612 $(VM_DIR)/vm-exit $(VM_STRESS_TESTS) $(VM_BLOBS)
	@scripts/deps.sh vm
	$(call vm_run,$@,$(KVER_612),$(VM612_KO),$(VM_STRESS_TESTS),)
