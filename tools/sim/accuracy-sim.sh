#!/bin/sh
# accuracy-sim.sh SIM OUTDIR GPU... - CRISP section 5.1's open-loop MAPE
# (top OPP -> every lower OPP, 100k-instruction segments) of the whole
# workload suite on each GPU description, and its averages over the suite
# with and without the four purpose-built kernels (compute-fma,
# compute-sfu, compute-low-occupancy: every model exact; store-flood:
# built for CRISP's store term).  The table of docs/results-sim.md,
# "Realism knobs" (make bench-sim-realism).
set -eu
sim=$1
out=$2
shift 2
here=$(dirname "$0")
rm -rf "$out"
mkdir -p "$out"
for gpu in "$@"; do
	name=$(basename "$gpu" .gpu)
	mkdir -p "$out/$name"
	printf '%s\n' "$here"/workloads/kernels/*.wl "$here"/workloads/apps/*.wl |
	xargs -P 2 -n 1 sh -c '"$0" sweep -g "$1" -w "$3" --segment 100000 \
		-o "$2/$(basename "$3" .wl).seg.trace" 2>/dev/null' \
		"$sim" "$gpu" "$out/$name"
	"$sim" openloop "$out/$name"/*.seg.trace >"$out/$name/openloop.txt"
	awk -v gpu="$name" '
	$1 != "average" && NF >= 9 && $2 ~ /^[0-9.]+$/ {
		n++
		for (i = 2; i <= 5; i++) all[i] += $i
		if ($1 ~ /^(store-flood|compute-fma|compute-sfu|compute-low-occ)/)
			next
		m++
		for (i = 2; i <= 5; i++) rest[i] += $i
	}
	END {
		printf "%-22s all %2d: stall %5.1f lead %5.1f crit %5.1f crisp %5.1f", gpu, n,
		       all[2] / n, all[3] / n, all[4] / n, all[5] / n
		printf " | w/o purpose-built %2d: stall %5.1f lead %5.1f crit %5.1f crisp %5.1f\n", m,
		       rest[2] / m, rest[3] / m, rest[4] / m, rest[5] / m
	}' "$out/$name/openloop.txt"
done
