# mk/deb.mk - Debian packages (debian/) and their install test.
#
#   make deb          in a copy of the tree under build/deb/src, with
#                     dpkg-buildpackage: the source package
#                     (build/deb/gpugov_V.dsc and .tar.xz) and the
#                     binaries for the build machine's architecture, then
#                     the binaries for arm64 (-aarm64 -B, cross-built):
#                     gpugov-dkms_V_all.deb (the module sources with
#                     dkms.conf, built by DKMS on the user's machine) and
#                     gpugov-tools_V_ARCH.deb (gpugov-replay, gpugov-sim,
#                     gpugov-simblob, gpugov-trace, gpugov-frames,
#                     gpugov-ab, the simulated GPU's
#                     demo trace, docs, the ABI files, man pages) for
#                     amd64 and arm64; then `lintian -I --pedantic` on
#                     every .changes (so on the .dsc and every .deb): any
#                     tag, info and pedantic ones included, fails.  Tags
#                     that stay are overridden with their reason in
#                     debian/*lintian-overrides.
#   make deb-install  installs both .debs into a bookworm chroot holding
#                     the 6.1 and 6.12 headers, checks that DKMS built and
#                     installed the modules for both kernels, then boots
#                     each kernel under QEMU with the DKMS-built modules
#                     and has the guest modprobe them, select gpugov and
#                     replay the packaged demo trace on gpugov_sim;
#                     the installed tools print VERSION;
#                     TAP and "RESULT deb-install: P passed, F failed".
#                     The chroot is built once and cached outside the
#                     tree, in $(DEB_CACHE) (selftests/deb/chroot.sh),
#                     keyed by its inputs.  Part of `make test`: about
#                     3 minutes warm, 5 more to build the chroot cold.
#
# V, the version, is the top-level VERSION file followed by +gitTIME.HASH
# (DEB_VERSION below): the copy of the tree (scripts/deb-source.sh) gets a
# debian/changelog with it (and the commit it was built from), and dh_dkms
# puts it into dkms.conf.  The tools' --version prints VERSION alone.

DEB_DIR := $(BUILD)/deb
DEB_SRC := $(DEB_DIR)/src/gpugov-$(GPUGOV_VERSION)
DEB_ARCH := $(shell dpkg --print-architecture 2>/dev/null)
# The packages' version, VERSION+gitTIME.HASH (scripts/deb-version.sh):
# a newer commit's packages upgrade an older one's.  Worked out once, and
# only when deb is built.
DEB_VERSION := $(if $(filter deb,$(MAKECMDGOALS)),$(shell scripts/deb-version.sh))
DEB_CHANGES := $(DEB_DIR)/gpugov_$(DEB_VERSION)_$(DEB_ARCH).changes
DEB_CHANGES_ARM64 := $(DEB_DIR)/gpugov_$(DEB_VERSION)_arm64.changes
DEB_CACHE ?= $(or $(GPUGOV_CACHE),$(HOME)/.cache/gpugov)

TEST_SUITES += deb-install

.PHONY: deb deb-deps deb-install

deb-deps:
	@scripts/deps.sh build bpf frames deb cross crossdeb

# dpkg-buildpackage ARGS in the copy, its log in build/deb/build-NAME.log
# (call deb_build,NAME,ARGS)
define deb_build
	@echo "deb: dpkg-buildpackage $(2) in $(DEB_SRC), log in $(DEB_DIR)/build-$(1).log"
	@cd $(DEB_SRC) && env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL \
		DEB_BUILD_OPTIONS="parallel=2 $(DEB_BUILD_OPTIONS)" \
		nice dpkg-buildpackage -us -uc $(2) >$(CURDIR)/$(DEB_DIR)/build-$(1).log 2>&1 || \
		{ tail -n 40 $(CURDIR)/$(DEB_DIR)/build-$(1).log; exit 1; }
endef

deb: deb-deps
	@rm -rf $(DEB_DIR)
	@scripts/deb-source.sh $(DEB_SRC) bookworm $(DEB_VERSION)
	$(call deb_build,$(DEB_ARCH),)
	$(call deb_build,arm64,-aarm64 -B)
	@mv $(DEB_DIR)/src/*.deb $(DEB_DIR)/src/*.changes $(DEB_DIR)/src/*.buildinfo \
		$(DEB_DIR)/src/*.dsc $(DEB_DIR)/src/*.tar.* $(DEB_DIR)/
	@ls $(DEB_DIR)/*.deb $(DEB_DIR)/*.dsc
	@echo "deb: lintian -I --pedantic $(notdir $(DEB_CHANGES) $(DEB_CHANGES_ARM64))"
	@lintian -I --pedantic --fail-on error,warning,info,pedantic \
		$(DEB_CHANGES) $(DEB_CHANGES_ARM64) 2>&1 | grep -v 'running with root privileges' \
		| tee $(DEB_DIR)/lintian.log; \
	status=$${PIPESTATUS[0]}; \
	[ $$status -eq 0 ] && ! grep -q '^[EWIP]: ' $(DEB_DIR)/lintian.log || \
		{ echo "deb: lintian failed (status $$status)"; exit 1; }

# gpugov-tools links gpugov-trace against the shared libbpf, libelf and
# zlib: the static build/gpugov-trace (mk/bpf.mk) is for the busybox guest.
$(BUILD)/dist/gpugov-trace: $(GT_OBJS) $(LIBCOMMON) $(LIBGPUGOV)
	@mkdir -p $(dir $@)
	$(CC) $(LDFLAGS_USER) -o $@ $^ $(GT_LIBS) $(LDLIBS_USER)

# The simulated GPU's demo, packaged in /usr/share/gpugov/sim: a sweep of
# a small app alternating compute and memory phases on the GPU of the demo,
# paced to frames that keep the top OPP 50 % busy (so that a governor has
# a choice to make), and the blob gpugov_sim.ko replays
# (docs/man/gpugov-simblob.1).  Both are architecture-independent (the
# blob is little-endian).
SIM_DEMO ?= $(BUILD)/sim-demo
SIM_DEMO_WL := tools/sim/workloads/apps/phase-alternating.wl
SIM_DEMO_GPU := tools/sim/gpus/fermi-15sm.gpu
.PHONY: sim-demo
sim-demo: $(SIM_DEMO)/phase-alternating.trace $(SIM_DEMO)/phase-alternating.blob

$(SIM_DEMO)/phase-alternating.trace: $(BUILD)/gpugov-sim $(BUILD)/gpugov-replay \
		$(SIM_DEMO_WL) $(SIM_DEMO_GPU)
	@mkdir -p $(dir $@)
	$(BUILD)/gpugov-sim sweep -g $(SIM_DEMO_GPU) -w $(SIM_DEMO_WL) --scale 0.25 \
		--segment 20000 -o $@.sweep
	$(BUILD)/gpugov-replay pace --load 50 $@.sweep $@
	@rm -f $@.sweep

$(SIM_DEMO)/phase-alternating.blob: $(SIM_DEMO)/phase-alternating.trace $(BUILD)/gpugov-simblob
	$(BUILD)/gpugov-simblob $< $@

# (VM_DIR comes from mk/kernel.mk, read after this file: only recipes see it.)
deb-install:
	@scripts/deps.sh deb vm
	@$(MAKE) --no-print-directory $(VM_DIR)/vm-exit >/dev/null
	@MAKE="$(MAKE)" selftests/deb/deb-install.sh $(DEB_DIR) $(DEB_CACHE) \
		$(VM_DIR) $(KVER) $(KVER_612)
