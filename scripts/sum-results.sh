#!/bin/sh
# sum-results.sh - add up the RESULT lines of every suite in build/results.
# Prints the eight slowest suites with their wall time (run-suite.sh's
# NAME.time) and the time of them all, the per-suite lines, then "N
# skipped" when a suite reported skipped checks (e.g. vmtest-debug
# without its cached kernel), then "N passed, N failed" as the last
# line; exits 1 if anything failed or nothing ran.  A skip is neither a
# pass nor a failure.
set -eu
for t in build/results/*.time; do
	[ -f "$t" ] && echo "$(cat "$t") $(basename "$t" .time)"
done | sort -rn | awk '{ all += $1 }
	NR <= 8 { top = top (NR > 1 ? ", " : "") $2 " " $1 " s" }
	END { if (NR) printf "slowest suites: %s; all %d suites %d s\n", top, NR, all }'
cat build/results/*.log 2>/dev/null | grep '^RESULT ' | sed 's/ (.*//' |
	awk '{ print }
	     {
		for (i = 2; i <= NF; i++) {
			w = $i
			sub(/,$/, "", w)
			if (w == "passed") p += $(i - 1)
			else if (w == "failed") f += $(i - 1)
			else if (w == "skipped") s += $(i - 1)
		}
	     }
	     END {
		if (s > 0) printf "%d skipped\n", s
		printf "%d passed, %d failed\n", p, f
		exit (f > 0 || p == 0)
	     }'
