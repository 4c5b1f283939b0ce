#!/bin/sh
# bench-sim.sh SIM GPU OUTDIR - the simulator's figures for `make bench`:
#  1. the full suite's sweep traces (every workload: 100k-instruction
#     segments, and 1/10/50/100 us epochs), two workloads at a time on
#     the machine's two cores, with the wall time of the whole;
#  2. simulator speed (warp instructions simulated per second, over all
#     re-runs);
#  3. open-loop MAPE of every predictor from the top OPP to each lower
#     OPP, per kernel and averaged (CRISP section 5.1).
set -eu
sim=$1
gpu=$2
out=$3
here=$(dirname "$0")
rm -rf "$out"
mkdir -p "$out"

jobs=""
for wl in "$here"/workloads/kernels/*.wl "$here"/workloads/apps/*.wl; do
	name=$(basename "$wl" .wl)
	jobs="$jobs $wl:seg:$name.seg.trace"
	for us in 1 10 50 100; do
		jobs="$jobs $wl:$us:$name.ep$us.trace"
	done
done

start=$(date +%s.%N)
# shellcheck disable=SC2086
printf '%s\n' $jobs | xargs -P 2 -n 1 sh -c '
	sim=$0 gpu=$1 out=$2 job=$3
	wl=${job%%:*}; rest=${job#*:}; kind=${rest%%:*}; file=${rest#*:}
	if [ "$kind" = seg ]; then opt="--segment 100000"; else opt="--epoch-us $kind"; fi
	"$sim" sweep -g "$gpu" -w "$wl" $opt -o "$out/$file" 2>>"$out/$file.log"
' "$sim" "$gpu" "$out"
end=$(date +%s.%N)

echo "== gpugov-sim: full suite sweep ($(echo "$jobs" | wc -w) sweeps, $gpu)"
awk -v s="$start" -v e="$end" 'BEGIN { printf "wall time %.1f s on 2 parallel jobs\n", e - s }'
cat "$out"/*.log | awk '
	{ for (i = 1; i <= NF; i++) if ($i == "Mwarp-inst") { n += $(i - 1); t += $(i + 2) } }
	END { printf "simulated %.1f Mwarp-inst in %.1f s of simulation: %.2f Mwarp-inst/s per core\n", n, t, n / t }'
echo
echo "== open-loop MAPE, 100k-instruction segments, top OPP -> each lower OPP"
"$sim" openloop "$out"/*.seg.trace
