# mk/simprof.mk - gpugov_sim's driver profiles and the allowed OPP range.
#
#   selftests/vm/77_profiles (in make vmtest, vmtest-612, vmtest-debug)
#                   compares the kernel's capped runs with the gpugov-replay
#                   sequences made here, in /data/expect-range
#   make replay-allowed  (host, part of make check) gpugov-replay run
#                   --allowed, --allowed-schedule and --mali

VM_RANGE_EXPECT := $(VM_DIR)/data/expect-range
# What 77_profiles runs under its caps (mkexpect.sh's PRED:OBJ:SLOW:HYST:MODE:LO_HI).
VM_RANGE_CONFIGS := busy:deadline:5:0:stock:1_5 stall:energy:5:0:mali:1_5

$(VM_RANGE_EXPECT)/.done: $(VM_DIR)/data/sweep.blob $(BUILD)/gpugov-replay \
		selftests/vm/mkexpect.sh mk/simprof.mk
	@rm -rf $(dir $@)
	selftests/vm/mkexpect.sh $(BUILD)/gpugov-replay $(dir $@) \
		$(VM_DIR)/traces/sweep.trace sweep $(VM_RANGE_CONFIGS)
	@touch $@

VM_FILES += $(VM_RANGE_EXPECT):/data/expect-range
VM_DEPS += $(VM_RANGE_EXPECT)/.done
vmtest vmtest-612 vm-files: $(VM_RANGE_EXPECT)/.done
$(VM_DIR)/tests/77_profiles: drivers_glue/sim_model.h drivers_glue/gpugov_mali.h

CHECK_SUITES += replay-allowed
.PHONY: replay-allowed
replay-allowed: $(BUILD)/gpugov-replay $(VM_DIR)/data/sweep.blob
	@selftests/vm/replay_allowed.sh $(BUILD)/gpugov-replay \
		$(VM_DIR)/traces/sweep.trace $(BUILD)/replay-allowed
