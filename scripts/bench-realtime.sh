#!/bin/sh
# bench-realtime.sh REPLAY SIM GEN OUT - gpugov in real time (docs/realtime.md):
# `gpugov-replay realtime` over every suite application on both simulated
# GPUs (swept as scripts/bench-governors-sweep.sh sweeps them) with the
# counters and busy/total only (--stock), and the synthetic games of
# GEN (tools/bench/bench_frames.c, the same bytes on every machine;
# busy/total only, the GPU idling at
# 0.1 W * V + 0.05 W), on every driver profile, at 30, 60 and 120 Hz and
# loads 30, 60 and 90 %.  OUT/realtime.csv: one row per cell and policy
# (view, trace, profile, hz, load, then realtime's columns);
# OUT/realtime-summary.txt (also printed): per view and policy, the sums
# and the cells no worse than simple_ondemand at the profile's settings
# (scripts/bench-realtime-summary.awk).
set -eu
export LC_ALL=C
replay=$1
sim=$2
gen=$3
out=$4
here=$(dirname "$0")
mkdir -p "$out/sweeps" "$out/frames"
for gpu in fermi-15sm maxwell-16sm; do
	for app in tools/sim/workloads/apps/*.wl; do
		"$here/bench-governors-sweep.sh" "$sim" "tools/sim/gpus/$gpu.gpu" "$app" \
			"$out/sweeps/$gpu/$(basename "$app" .wl).trace" >/dev/null
	done
done
# game APP MEM NOISE SEED [EVERY LO HI]: one synthetic game of 120 frames
game() {
	app=$1
	shift
	"$gen" "$1" "$2" "$3" 120 ${4:+"$4" "$5" "$6"} >"$out/frames/$app.csv"
	"$replay" import csv "$out/frames/$app.csv" --out "$out/frames" \
		--device frames --combined "$app" >/dev/null 2>&1
}
seed=0
for mem in 0 30 70; do
	for noise in 0 15; do
		seed=$((seed + 1))
		game "mem$mem-noise$noise" "$mem" "$noise" "$seed"
	done
done
# the classes of issue 26: a frame 3-5x heavier about every 8 frames (the
# ratchet), and steady memory-bound frames varying a little (the hunting)
game mem30-noise5-heavy8 30 5 7 8 300 500
game mem85-noise3 85 3 8
# cell VIEW TRACE OPTIONS...: every profile, rate and load
cell() {
	view=$1
	trace=$2
	shift 2
	for prof in panfrost panthor lima msm sim; do
		for hz in 30 60 120; do
			for load in 30 60 90; do
				"$replay" realtime --csv --profile "$prof" --hz "$hz" \
					--load "$load" "$@" "$trace" |
					awk -F, -v pre="$view,$prof,$hz,$load" \
						'NR > 2 { print pre "," $0 }'
			done
		done
	done
}
{
	echo "view,profile,hz,load,workload,policy,energy,janked,frames,worst_ms,switches,decisions_per_s"
	for t in "$out"/sweeps/*/*.trace; do
		g=$(basename "$(dirname "$t")")
		cell "counters-$g" "$t"
		cell "stock-$g" "$t" --stock
	done
	for t in "$out"/frames/*.trace; do
		cell synthetic "$t" --stock --predictor busy \
			--idle-static-uw 100000 --idle-uw 50000
	done
} >"$out/realtime.csv.tmp"
mv "$out/realtime.csv.tmp" "$out/realtime.csv"
awk -F, -f "$here/bench-realtime-summary.awk" "$out/realtime.csv" \
	>"$out/realtime-summary.txt"
cat "$out/realtime-summary.txt"
