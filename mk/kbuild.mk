# mk/kbuild.mk - the module build's warning filter (kbuild_findings in
# the Makefile), tested.
#
#   make kbuild-findings  `make module KDIR=TREE` against a stand-in tree:
#                         kbuild's "the compiler differs" note alone passes,
#                         a compiler warning fails
#                         (selftests/tools/test_kbuild_findings.sh)

CHECK_SUITES += kbuild-findings

.PHONY: kbuild-findings
kbuild-findings:
	@selftests/tools/test_kbuild_findings.sh
