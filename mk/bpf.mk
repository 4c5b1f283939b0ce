# mk/bpf.mk - gpugov-trace: BPF tracing of gpugov's decisions (bpf/).
#
#   make gpugov-trace   build/gpugov-trace: libbpf skeleton tool, linked
#                       statically so it runs in the busybox test guest
#   make bpf-layout     the struct gpugov_dev mirror gpugov-trace reads the
#                       decision tracepoint with (bpf/trace_layout.c) has
#                       the layout of the built gpugov.ko (pahole on its
#                       DWARF); part of `make test`
#   make trace-cli      (part of `make check`) its options on the host
#
# The VM tests selftests/vm/97_* and 98_* run in `make vmtest`, which gets
# build/gpugov-trace and a static gpugov-replay in the guest from here.
#
# The BPF object uses no kernel type (bpf/gpugov_trace.bpf.c), so it is
# compiled against the uapi headers alone: no vmlinux.h, nothing that
# depends on the BTF of the build host's or the guest's kernel.

BPF_DIR := $(BUILD)/bpf
BPF_CLANG ?= clang
BPF_STRIP ?= llvm-strip
BPFTOOL ?= bpftool
# The target's: a cross build's BPF object is built for its arch.
BPF_ARCH := $(shell $(CC) -dumpmachine | sed -e 's/-.*//' -e 's/x86_64/x86/' -e 's/aarch64/arm64/')
BPF_MULTIARCH := $(shell $(CC) -print-multiarch 2>/dev/null)
# -ffile-prefix-map: the BTF kept in the object (and so in gpugov-trace)
# names the source relative to the tree, not the build's directory
# (lintian's file-references-package-build-path).
BPF_CFLAGS := -g -O2 -target bpf -mcpu=v3 -D__TARGET_ARCH_$(BPF_ARCH) \
	-ffile-prefix-map=$(CURDIR)=. \
	-Wall $(WERROR) -Ibpf -Ipredictors \
	$(if $(BPF_MULTIARCH),-idirafter /usr/include/$(BPF_MULTIARCH))

GT_SRCS := bpf/gpugov_trace.c bpf/trace_hist.c bpf/trace_layout.c \
	bpf/trace_live.c bpf/trace_record.c bpf/trace_sysfs.c
GT_OBJS := $(GT_SRCS:bpf/%.c=$(BPF_DIR)/%.o)
GT_LIBS := -lbpf -lelf -lz
GT_SKEL := $(BPF_DIR)/gpugov_trace.skel.h
GT_VM_REPLAY := $(BUILD)/vm/gpugov-replay

.PHONY: gpugov-trace bpf-deps bpf-layout

gpugov-trace: $(BUILD)/gpugov-trace

bpf-deps:
	@scripts/deps.sh bpf

$(BPF_DIR)/gpugov_trace.bpf.o: bpf/gpugov_trace.bpf.c bpf/gpugov_trace.h \
		predictors/gpugov_sample.h | bpf-deps
	@mkdir -p $(dir $@)
	$(BPF_CLANG) $(BPF_CFLAGS) -c $< -o $@
	$(BPF_STRIP) -g $@

$(GT_SKEL): $(BPF_DIR)/gpugov_trace.bpf.o
	$(BPFTOOL) gen skeleton $< name gpugov_trace_bpf >$@.tmp
	@mv $@.tmp $@

# Static pattern: takes precedence over the generic $(BUILD)/%.o rule.
$(GT_OBJS): $(BPF_DIR)/%.o: bpf/%.c $(GT_SKEL) | bpf-deps
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_USER) -Ibpf -I$(BPF_DIR) -MMD -MP -c -o $@ $<

$(BUILD)/gpugov-trace: $(GT_OBJS) $(LIBCOMMON) $(LIBGPUGOV)
	$(CC) -static $(LDFLAGS_USER) -o $@ $^ $(GT_LIBS) $(LDLIBS_USER)

# Its command line, on the host (options are read before BPF is loaded).
CHECK_SUITES += trace-cli
.PHONY: trace-cli
trace-cli: $(BUILD)/gpugov-trace
	@selftests/tools/test_trace_cli.sh $(BUILD)/gpugov-trace

$(BPF_DIR)/layout-dump: $(BPF_DIR)/layout_dump.o $(BPF_DIR)/trace_layout.o \
		$(LIBGPUGOV)
	$(CC) -o $@ $^ $(GT_LIBS) $(LDLIBS_USER)

$(BPF_DIR)/layout_dump.o: bpf/layout_dump.c | bpf-deps
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_USER) -Ibpf -I$(BPF_DIR) -MMD -MP -c -o $@ $<

TEST_SUITES += bpf-layout
bpf-layout: vm-modules $(BPF_DIR)/layout-dump
	@scripts/deps.sh bpf
	@bpf/layout-check.sh $(BPF_DIR)/layout-dump gpugov.ko

# ---- in the test guest ------------------------------------------------------
# The record -> replay round trip (98_*) runs gpugov-replay in the guest:
# the lead's objects, linked statically.
$(GT_VM_REPLAY): $(patsubst %.c,$(BUILD)/%.o,$(wildcard tools/replay/*.c)) \
		$(LIBCOMMON) $(LIBGPUGOV)
	@mkdir -p $(dir $@)
	$(CC) -static -o $@ $^ $(LDLIBS_USER)

# The 6.1 headers ship no vmlinux, so the 6.1 gpugov.ko has no BTF; this
# copy has the BTF kbuild gives it where vmlinux is at hand (the 6.12
# headers, distribution kernels): 97_* loads it to test the tp_btf path.
GT_VM_BTF_KO := $(BUILD)/vm/bpf/gpugov-btf.ko
$(GT_VM_BTF_KO): $(VM_MODULES_61) bpf/module-btf.sh
	@scripts/deps.sh bpf
	@kroot=$$(tools/vm/fetch-kernel.sh $(VM_KVER) $(BUILD)/vm) && \
	bpf/module-btf.sh $$kroot/boot/vmlinuz-$(VM_KVER) gpugov.ko $@

# The guest programs 97_* and 98_* share bpf/selftest_tracer.h.
$(patsubst selftests/vm/%.c,$(BUILD)/vm/tests/%,$(wildcard selftests/vm/9[78]_*.c)): \
	bpf/selftest_tracer.h

VM_FILES += $(BUILD)/gpugov-trace:/bin/gpugov-trace \
	$(GT_VM_REPLAY):/bin/gpugov-replay
vmtest vmtest-612 vm-files: $(BUILD)/gpugov-trace $(GT_VM_REPLAY)
vmtest vm-files: $(GT_VM_BTF_KO)

-include $(GT_OBJS:.o=.d) $(BPF_DIR)/layout_dump.d
