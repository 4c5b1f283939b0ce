#!/bin/sh
# run-side-by-side.sh NAME... - run the suites NAME at the same time, each
# as `make VM_PREPARED=1 NAME` under run-suite.sh, then print their logs
# in the order given (so two logs never interleave on the console).
# For the guests of `make test`, whose modules and files vm-prepare has
# built: each QEMU runs on one host thread, so they do not compete for
# a core on a two-core machine.  Exits 0: sum-results.sh decides.
for name in "$@"; do
	scripts/run-suite.sh "$name" ${MAKE:-make} --no-print-directory \
		VM_PREPARED=1 "$name" >/dev/null &
done
wait
for name in "$@"; do
	cat "build/results/$name.log"
done
exit 0
