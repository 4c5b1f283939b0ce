# mk/realtime.mk - the real-time engine (drivers_glue/sim_rt.c, DESIGN.md
# section 7a), linked into every tool through libgpugov.a (Makefile) and
# into gpugov_sim.ko by Kbuild.
#
#   build/unit/test_rt   its hand-computed cases (a unit suite of make check)

$(BUILD)/unit/test_rt: private CFLAGS_USER += -Idrivers_glue

# selftests/vm/94_realtime (in make vmtest, vmtest-612, vmtest-debug)
# compares gpugov_sim's real-time runs, decision by decision, with what
# gpugov-replay realtime computes here (in /data/expect-rt): every driver
# profile at 60 Hz (msm at 6.1's 90/5 and 6.12's 50/10) but panthor,
# whose profile is panfrost's field for field (drivers_glue/sim_profile.c:
# its runs checked nothing more, at 26 s of vmtest-612), and msm at 15 Hz
# where its boost fires; gpugov's fence rows on a variable-refresh display
# (realtime --vrr, gpugov_sim's rt_vrr) on panfrost and msm.
VM_RT_EXPECT := $(VM_DIR)/data/expect-rt
VM_RT_PROFILES := sim panfrost lima msm msm:90/5 amdgpu

$(VM_RT_EXPECT)/.done: $(VM_BLOBS) $(BUILD)/gpugov-replay \
		selftests/vm/mkexpect_rt.sh mk/realtime.mk
	@rm -rf $(dir $@)
	selftests/vm/mkexpect_rt.sh $(BUILD)/gpugov-replay $(dir $@) \
		$(VM_DIR)/traces/sweep.trace sweep 60 60 2 $(VM_RT_PROFILES)
	selftests/vm/mkexpect_rt.sh $(BUILD)/gpugov-replay $(dir $@) \
		$(VM_DIR)/traces/short.trace short 15 20 1 msm msm:90/5
	RT_VRR=1 selftests/vm/mkexpect_rt.sh $(BUILD)/gpugov-replay $(dir $@) \
		$(VM_DIR)/traces/sweep.trace sweep 60 60 2 panfrost msm
	@touch $@

VM_FILES += $(VM_RT_EXPECT):/data/expect-rt
VM_DEPS += $(VM_RT_EXPECT)/.done
vmtest vmtest-612 vm-files: $(VM_RT_EXPECT)/.done
$(VM_DIR)/tests/94_realtime: drivers_glue/sim_model.h

# build/unit/test_smu: the SMU firmware model of the amdgpu profile
# (drivers_glue/sim_smu.c), by hand
$(BUILD)/unit/test_smu: private CFLAGS_USER += -Idrivers_glue
