# mk/refs.mk - the papers are cited by name (docs/references.md).
#
#   make refs-check  (part of `make check`) no tracked file refers to a
#                    paper by the internal number it was once filed under
#                    (selftests/tools/test_refs.sh)

CHECK_SUITES += refs-check
.PHONY: refs-check
refs-check:
	@selftests/tools/test_refs.sh
