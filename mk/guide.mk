# mk/guide.mk - the board owner's guide (docs/drivers.md), run.
#
#   make guide-check  every command of the guide's blocks marked
#                     <!-- runnable --> as printed, in one shell, with
#                     stand-ins for the board (Debian's arm64 config and a
#                     prepared tree's Module.symvers), building panfrost.ko
#                     with the glue and gpugov.ko for arm64 from Debian's
#                     linux-source-6.12 tarball; SKIPs without a tree from
#                     `make glue-prepare` (selftests/tools/test_drivers_guide.sh)

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
