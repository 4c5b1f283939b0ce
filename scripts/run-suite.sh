#!/bin/sh
# run-suite.sh NAME CMD... - run one test suite and keep its log.
#
# The log goes to build/results/NAME.log and to stdout.  A suite reports
# with "RESULT NAME: P passed, F failed" lines; one that exits non-zero
# without reporting a failure is counted as one failed test, so a crash
# can never pass silently.  Its wall time, in seconds, goes to
# build/results/NAME.time (sum-results.sh lists the slowest: `make test`
# must stay under 40 minutes).  Always exits 0: sum-results.sh decides.
name=$1
shift
mkdir -p build/results
log=build/results/$name.log
start=$(date +%s)
"$@" >"$log" 2>&1
rc=$?
echo $(($(date +%s) - start)) >"build/results/$name.time"
cat "$log"
if [ $rc -ne 0 ] && ! grep -Eq '^RESULT .*: [0-9]+ passed, [1-9][0-9]* failed' "$log"; then
	echo "RESULT $name: 0 passed, 1 failed (exit status $rc)" | tee -a "$log"
elif ! grep -q '^RESULT ' "$log"; then
	echo "RESULT $name: 1 passed, 0 failed" | tee -a "$log"
fi
exit 0
