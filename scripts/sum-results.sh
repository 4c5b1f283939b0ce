#!/bin/sh
# sum-results.sh - add up the RESULT lines of every suite in build/results.
# Prints the per-suite lines, then "N passed, N failed" as the last line;
# exits 1 if anything failed or nothing ran.
set -eu
cat build/results/*.log 2>/dev/null | grep '^RESULT ' | sed 's/ (.*//' |
	awk '{ print } { p += $(NF-3); f += $(NF-1) }
	     END { printf "%d passed, %d failed\n", p, f; exit (f > 0 || p == 0) }'
