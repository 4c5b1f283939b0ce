#!/bin/sh
# test_skip_totals.sh - a skipped check counts as skipped, never as
# passed: test_drivers_guide.sh without a prepared tree reports its
# walks' SKIPs (one a walk) as "0 passed, 0 failed, N skipped", and
# scripts/sum-results.sh
# adds skips apart from the passes (so `make test`'s total is not
# inflated by suites that could not run).
set -u
here=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source-path=SCRIPTDIR source=tap.sh
. "$here/selftests/tools/tap.sh"

mkdir -p "$tmp/cache"
GPUGOV_CACHE=$tmp/cache "$here/selftests/tools/test_drivers_guide.sh" \
	"$here/docs/drivers.md" >"$tmp/guide.out" 2>&1
rc=$?
skips=$(grep -c '# SKIP' "$tmp/guide.out")
check "guide-check without a prepared tree: exit 0, SKIP lines only ($skips)" \
	sh -c "[ $rc -eq 0 ] && [ $skips -ge 1 ] && ! grep -q '^ok [0-9]* - ' \"$tmp/guide.out\""
check "guide-check without a prepared tree: 0 passed, 0 failed, $skips skipped" \
	grep -qx "RESULT guide-check: 0 passed, 0 failed, $skips skipped" "$tmp/guide.out"

mkdir -p "$tmp/sum/build/results"
cp "$tmp/guide.out" "$tmp/sum/build/results/guide-check.log"
echo "RESULT other: 3 passed, 0 failed" >"$tmp/sum/build/results/other.log"
(cd "$tmp/sum" && "$here/scripts/sum-results.sh") >"$tmp/sum.out" 2>&1
check "sum-results: the skips apart, the passes only the passed ones" \
	sh -c "tail -n 2 \"$tmp/sum.out\" | tr '\n' '|' | grep -qx '$skips skipped|3 passed, 0 failed|'"

echo "1..$n"
echo "RESULT skip-totals: $((n - fail)) passed, $fail failed"
[ "$fail" -eq 0 ]
