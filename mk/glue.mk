# mk/glue.mk - the panfrost glue (drivers_glue/panfrost/), compile-tested.
#
#   make glue-prepare  unpack Debian's linux-source-6.1 and -6.12, configure
#                      them for arm64 with Debian's arm64 config and
#                      DRM_PANFROST=m, run modules_prepare and record the
#                      unpatched panfrost build's W=1/sparse findings, once,
#                      into the cache outside the clone; the same for amd64
#                      with Debian's amd64 config and DRM_AMDGPU=m
#                      (scripts/glue-check.sh --prepare); prints the
#                      directories
#   make glue-check    apply each kernel's series, enable
#                      DRM_PANFROST_GPUGOV, build panfrost.ko with W=1 C=2
#                      (no finding the unpatched tree lacks), gpugov.ko for
#                      arm64 with C=2 (no finding), checkpatch --strict on
#                      the patches and panfrost_gpugov.[ch]; then the
#                      amdgpu series (drivers_glue/amdgpu/) against amd64
#                      trees with Debian's amd64 config: the objects it
#                      adds or changes with W=1 C=2 (no finding their
#                      unpatched build lacks), checkpatch --strict; TAP and
#                      "RESULT glue-check: P passed, F failed"
#
# glue-check never prepares the trees: with a cold cache it prints one
# SKIP line and "RESULT glue-check: 0 passed, 0 failed, 1 skipped", as
# vmtest-debug does, so `make test` keeps its time on a fresh machine
# (docs/testing.md has the timings).

TEST_SUITES += glue-check

# Measured for the SKIP line (docs/testing.md, "amdgpu"): on the shared
# 2-core machine at a load average of 9 to 15, the arm64 trees took 160 s
# (6.1) and 108 s (6.12), the amd64 ones 146 s and 157 s.
GLUE_PREPARE_MIN := 10

.PHONY: glue-prepare glue-check

glue-prepare:
	@scripts/glue-check.sh --prepare

glue-check:
	@if scripts/glue-check.sh --check >/dev/null; then \
		scripts/glue-check.sh; \
	else \
		echo "ok 1 # SKIP kernel trees not prepared: run make glue-prepare ($(GLUE_PREPARE_MIN) min)"; \
		echo "1..1"; \
		echo "RESULT glue-check: 0 passed, 0 failed, 1 skipped"; \
	fi
