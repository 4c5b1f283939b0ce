# mk/cross.mk - the tools for an arm64 board, cross-compiled on the build
# host, and the module built against a board's kernel tree.
#
#   make cross        build/arm64/gpugov-replay, gpugov-sim, gpugov-simblob,
#                     gpugov-status, gpugov-frames (linked against arm64
#                     glibc and, for gpugov-frames, libdrm, GBM, EGL and
#                     GLES2, as packaged), gpugov-ab (the script) and
#                     build/arm64/gpugov-trace, linked statically so that it
#                     can be copied to a board as it is; the arm64 libraries
#                     come from Debian multiarch (scripts/deps.sh cross)
#   make cross-check  (part of `make test`) the arm64 tools under
#                     qemu-user give the x86-64 tools' output on the same
#                     inputs (selftests/tools/test_cross.sh), and gpugov.ko
#                     and gpugov_sim.ko build for arm64 with
#                     `make module ARCH=arm64 CROSS_COMPILE=... KDIR=TREE`
#                     against a tree glue-check prepared (mk/glue.mk), with
#                     no headers package installed for it; with a cold glue
#                     cache that part is one SKIP line; TAP and
#                     "RESULT cross-check: P passed, F failed"
#
# The arm64 build is this Makefile run again with BUILD=build/arm64 and the
# cross compiler, so every rule is the native one.

CROSS_COMPILE_ARM64 := aarch64-linux-gnu-
CROSS_BUILD := $(BUILD)/arm64
CROSS_TOOLS := gpugov-replay gpugov-sim gpugov-simblob gpugov-status gpugov-trace \
	gpugov-frames gpugov-ab

TEST_SUITES += cross-check

.PHONY: cross cross-deps cross-check

cross-deps:
	@scripts/deps.sh build bpf frames cross

cross: cross-deps
	@$(MAKE) --no-print-directory BUILD=$(CROSS_BUILD) \
		CC=$(CROSS_COMPILE_ARM64)gcc $(addprefix $(CROSS_BUILD)/,$(CROSS_TOOLS))

cross-check: cross $(addprefix $(BUILD)/,$(CROSS_TOOLS))
	@scripts/deps.sh qemu
	@selftests/tools/test_cross.sh $(BUILD) $(CROSS_BUILD) $(CROSS_COMPILE_ARM64)
