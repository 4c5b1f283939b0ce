# mk/frames.mk - the field kit (issue 36): gpugov-frames, a frame client
# paced by page flips (tools/frames/), and gpugov-ab, the A/B harness
# (tools/ab/gpugov-ab, POSIX sh), with their command-line tests.
#
#   make gpugov-frames  build/gpugov-frames, against libdrm, GBM, EGL and
#                       GLES2 (scripts/deps.sh frames): the GLES path is
#                       built and linked here though no guest can run it
#   make gpugov-ab      build/gpugov-ab, the script with its version
#   make frames-cli     (part of `make check`) both tools' options, errors
#                       and outputs on the host: gpugov-frames --offscreen
#                       --cpu needs no device
#
# The VM test selftests/vm/99_ab.c runs gpugov-ab on gpugov_sim (its
# hwmon meter) and gpugov-frames --cpu on the guest's KMS device.

FRAMES_SRCS := $(wildcard tools/frames/*.c)
FRAMES_OBJS := $(FRAMES_SRCS:%.c=$(BUILD)/%.o)
FRAMES_LIBS := -ldrm -lgbm -lEGL -lGLESv2
FRAMES_BIN := $(BUILD)/gpugov-frames
AB_BIN := $(BUILD)/gpugov-ab

TOOLS_BINS += $(FRAMES_BIN) $(AB_BIN)
CHECK_SUITES += frames-cli

.PHONY: gpugov-frames gpugov-ab frames-deps frames-cli

frames-deps:
	@scripts/deps.sh frames

gpugov-frames: $(FRAMES_BIN)
gpugov-ab: $(AB_BIN)

# Static pattern: before the generic $(BUILD)/%.o rule, with libdrm's
# include directory (xf86drm.h includes <drm.h>).
$(FRAMES_OBJS): $(BUILD)/%.o: %.c | frames-deps
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_USER) -I/usr/include/libdrm -MMD -MP -c -o $@ $<

$(FRAMES_BIN): $(FRAMES_OBJS) $(LIBCOMMON) $(LIBGPUGOV)
	$(CC) $(LDFLAGS_USER) -o $@ $^ $(FRAMES_LIBS) $(LDLIBS_USER)

$(AB_BIN): tools/ab/gpugov-ab VERSION
	@mkdir -p $(dir $@)
	sed 's/@VERSION@/$(GPUGOV_VERSION)/' $< >$@.tmp && chmod 755 $@.tmp && mv $@.tmp $@

frames-cli: $(FRAMES_BIN) $(AB_BIN)
	@selftests/tools/test_frames_cli.sh $(FRAMES_BIN) $(AB_BIN)

-include $(FRAMES_OBJS:.o=.d)

# The guest gets gpugov-ab, and gpugov-frames with the shared libraries
# it links (tools/vm/with-libs.sh: the loader finds them where the host
# has them).
VM_FILES += $(AB_BIN):/bin/gpugov-ab $(FRAMES_BIN):/bin/gpugov-frames
VM_EXTRA_ARGS += $$(tools/vm/with-libs.sh $(FRAMES_BIN) | grep -v ':$(FRAMES_BIN)$$')
vmtest vmtest-612 vm-files: $(AB_BIN) $(FRAMES_BIN)

# vkms for the guest's KMS test (selftests/vm/99_frames.c): vmtest and
# vmtest-612 build it for their kernel when the cache is cold
# (tools/vm/vkms.sh: about a minute each, most of it unpacking
# linux-source; cached outside the tree), so the test runs on a fresh
# machine too; `make vkms-prepare` builds both.  A build that fails leaves
# the test to SKIP, and says so.
VKMS_CACHE = $(or $(GPUGOV_CACHE),$(HOME)/.cache/gpugov)
.PHONY: vkms-prepare vkms-61 vkms-612
vkms-61:
	@scripts/deps.sh source module
	@tools/vm/vkms.sh 6.1 $(KVER) $(VKMS_CACHE) >/dev/null || \
		echo "vkms for $(KVER) not built: 99_frames will SKIP" >&2
vkms-612:
	@scripts/deps.sh source612 module
	@tools/vm/vkms.sh 6.12 $(KVER_612) $(VKMS_CACHE) >/dev/null || \
		echo "vkms for $(KVER_612) not built: 99_frames will SKIP" >&2
vkms-prepare: vkms-61 vkms-612
vmtest: $(if $(VM_PREPARED),,vkms-61)
vmtest-612: $(if $(VM_PREPARED),,vkms-612)

vmtest: VKMS_KO = $(shell tools/vm/vkms.sh --check 6.1 $(KVER) $(VKMS_CACHE))
vmtest-612: VKMS_KO = $(shell tools/vm/vkms.sh --check 6.12 $(KVER_612) $(VKMS_CACHE))
VM_EXTRA_ARGS += $(if $(VKMS_KO),--file $(VKMS_KO):/data/vkms.ko \
	--intree drm_kms_helper --intree drm_shmem_helper)

# The schedules and the jank rule, unit-tested with the objects they live in.
$(BUILD)/unit/test_frames: selftests/unit/test_frames.c $(BUILD)/tools/frames/sched.o \
		$(BUILD)/tools/frames/record.o $(LIBCOMMON) $(LIBGPUGOV) | deps
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_USER) -Iselftests/unit -Itools/frames -MMD -MP -o $@ $< \
		$(BUILD)/tools/frames/sched.o $(BUILD)/tools/frames/record.o \
		$(LIBCOMMON) $(LIBGPUGOV) $(LDLIBS_USER)
