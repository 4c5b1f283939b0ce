# mk/guide.mk - the board owner's guide (docs/drivers.md), run.
#
#   make guide-check  every "$" command of the guide's blocks marked
#                     <!-- runnable --> and <!-- runnable DRIVER -->, as
#                     printed, in one shell per walk, for bookworm's two
#                     kernels (6.1, 6.12) and each driver with a series
#                     there: panfrost and msm for arm64 with stand-ins for
#                     the board (Debian's arm64 config, a prepared tree's
#                     Module.symvers), the amdgpu bridge for amd64 with the
#                     installed headers' config and Module.symvers; each
#                     walk's modules must carry the release
#                     (scripts/kver.sh) in their vermagic.  Blocks marked
#                     <!-- runnable amdgpu long --> (amdgpu.ko, 6-9 min
#                     a walk, and its install into a staging root and the
#                     initramfs) run with GUIDE_LONG=1; GUIDE_WALKS="6.1:panfrost"
#                     picks walks.  A walk SKIPs without its series' trees
#                     from `make glue-prepare`, so a fresh machine's make
#                     test spends no time here
#                     (selftests/tools/test_drivers_guide.sh)

TEST_SUITES += guide-check

.PHONY: guide-check
guide-check:
	@selftests/tools/test_drivers_guide.sh docs/drivers.md

# skip-totals: the SKIP above counts as skipped, not passed, in the
# suite's RESULT line and in scripts/sum-results.sh's total
# (selftests/tools/test_skip_totals.sh, part of `make check`)
CHECK_SUITES += skip-totals
.PHONY: skip-totals
skip-totals:
	@selftests/tools/test_skip_totals.sh
