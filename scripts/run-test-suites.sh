#!/bin/sh
# run-test-suites.sh MAKE SUITE... - `make test`'s suites after the check
# suites and module-check, each through scripts/run-suite.sh, in order.
#
# One suite runs beside the others: vmtest-debug, whose guest (the VM
# programs on the KASAN/lockdep kernel under TCG, 14-17 min measured) is
# more than half of `make test` and holds one host thread (run-qemu.sh:
# single-threaded TCG).  Its modules and the files its guest reads are
# built first, in the foreground (`make vmtest-debug-build`): the suites
# after it build kernel modules in the same source tree (kbuild-clean),
# so nothing may build while another suite does.  Then its guest half
# (`make vmtest-debug-guest`, which only boots what was built and fails if
# the build did not finish) starts in the background, the other suites
# run, and its output is printed after theirs.  Its RESULT line is in
# build/results like every suite's, for scripts/sum-results.sh.
set -u

make=$1
shift
guest=""
out=build/vmtest-debug.out
for s in "$@"; do
	if [ "$s" = vmtest-debug ]; then
		"$make" --no-print-directory vmtest-debug-build \
			>build/vmtest-debug-build.log 2>&1 ||
			echo "# vmtest-debug-build failed: build/vmtest-debug-build.log"
		scripts/run-suite.sh vmtest-debug "$make" --no-print-directory \
			vmtest-debug-guest >"$out" 2>&1 &
		guest=$!
		echo "# vmtest-debug: guest started beside the other suites, output at the end"
		continue
	fi
	scripts/run-suite.sh "$s" "$make" --no-print-directory "$s"
done
if [ -n "$guest" ]; then
	wait "$guest"
	cat "$out"
fi
exit 0
