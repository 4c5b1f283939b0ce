# make demo: gpugov vs the kernel's simple_ondemand on the simulated GPU in
# a VM, in real time: kernel = replay, the table of janked frames and
# energy, a timeline per governor (scripts/demo.sh).
DEMO_GUEST := $(BUILD)/demo/demo_guest

$(DEMO_GUEST): tools/demo/demo_guest.c selftests/vm/vmtap.h selftests/unit/tap.h
	@mkdir -p $(dir $@)
	$(VM_CC) $(VM_CFLAGS) -o $@ $<

demo: vm-modules $(BUILD)/gpugov-sim $(BUILD)/gpugov-replay $(BUILD)/gpugov-simblob $(BUILD)/vm/vm-exit $(DEMO_GUEST)
	@scripts/deps.sh vm plot
	@BUILD=$(BUILD) VM_KVER=$(VM_KVER) scripts/demo.sh
