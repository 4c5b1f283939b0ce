# mk/status.mk - gpugov-status (tools/status/): the state of each devfreq
# device and gpugov on it, and --report, a tarball for a bug report.
#
#   build/gpugov-status  the tool (a TOOLS_BINS entry, packaged in
#                        gpugov-tools)
#   make status-check    (part of `make check`) against fake sysfs and
#                        debugfs trees (GPUGOV_STATUS_ROOT): the screen,
#                        the JSON, the fallback and the tunables off their
#                        defaults, a device without gpugov, bad usage,
#                        --report's tarball and its all-or-nothing write
#                        (selftests/tools/test_status_cli.sh)
# The VM test selftests/vm/47_status.c runs it against gpugov_sim.

STATUS_SRCS := $(wildcard tools/status/*.c)
STATUS_OBJS := $(STATUS_SRCS:%.c=$(BUILD)/%.o)

$(BUILD)/gpugov-status: $(STATUS_OBJS) $(LIBCOMMON) $(LIBGPUGOV)
	$(CC) $(LDFLAGS_USER) -o $@ $^ $(LDLIBS_USER)
TOOLS_BINS += $(BUILD)/gpugov-status

CHECK_SUITES += status-check
.PHONY: status-check
status-check: $(BUILD)/gpugov-status
	@selftests/tools/test_status_cli.sh $(BUILD)/gpugov-status

# The guest's copy, static like its gpugov-trace and gpugov-replay
# (mk/bpf.mk), for selftests/vm/47_status.c.
STATUS_VM := $(BUILD)/vm/gpugov-status
$(STATUS_VM): $(STATUS_OBJS) $(LIBCOMMON) $(LIBGPUGOV)
	@mkdir -p $(dir $@)
	$(CC) -static -o $@ $^ $(LDLIBS_USER)
VM_FILES += $(STATUS_VM):/bin/gpugov-status
vmtest vmtest-612 vm-files: $(STATUS_VM)

-include $(STATUS_OBJS:.o=.d)
