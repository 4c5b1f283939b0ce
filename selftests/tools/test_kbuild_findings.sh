#!/bin/sh
# test_kbuild_findings.sh - `make module KDIR=TREE` fails on a compiler
# warning and not on kbuild's "the compiler differs" note (Armbian's and
# vendors' headers print it at every external build).  TREE is a stand-in
# kernel tree whose Makefile prints what kbuild would; no compiler runs.
here=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source-path=SCRIPTDIR source=tap.sh
. "$here/selftests/tools/tap.sh"

mkdir -p "$tmp/kdir"
# The note's three lines as kbuild's prepare prints them (6.1 and 6.12),
# then, with FINDING=1, one compiler warning in the module's source.
cat >"$tmp/kdir/Makefile" <<'MK'
modules:
	@echo "warning: the compiler differs from the one used to build the kernel" >&2
	@echo "  The kernel was built by: aarch64-linux-gnu-gcc (Debian 12.2.0-14) 12.2.0" >&2
	@echo "  You are using:           aarch64-linux-gnu-gcc (Debian 12.2.0-14+deb12u1) 12.2.0" >&2
	@echo "  CC [M]  $(M)/governor/gpugov_main.o"
	$(if $(FINDING),@echo "$(M)/governor/gpugov_main.c:10:5: warning: unused variable 'x' [-Wunused-variable]" >&2)
MK

build() {	# build MAKE-ARGS...: make module against the stand-in, status in $tmp/rc
	make --no-print-directory -C "$here" module KDIR="$tmp/kdir" "$@" >"$tmp/out" 2>&1
	echo $? >"$tmp/rc"
}
build
check "the compiler note alone: make module exits 0" [ "$(cat "$tmp/rc")" -eq 0 ]
check "the note is still shown" grep -q 'the compiler differs' "$tmp/out"
build FINDING=1
check "a compiler warning beside the note: make module fails" [ "$(cat "$tmp/rc")" -ne 0 ]
check "the warning is named" grep -q "gpugov_main.c:10:5: warning: unused variable" "$tmp/out"

echo "1..$n"
echo "RESULT kbuild-findings: $((n - fail)) passed, $fail failed"
[ "$fail" -eq 0 ]
