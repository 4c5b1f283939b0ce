#!/bin/sh
# bench-games.sh REPLAY GEN DIR - the synthetic games of the real-time
# benches: GEN (tools/bench/bench_frames.c, the same bytes on every
# machine) at memory shares 0, 30 and 70 % and frame noise 0 and 15 %,
# seeded 1..6, 120 frames each, as DIR/memM-noiseN.csv and, imported by
# REPLAY, DIR/memM-noiseN.trace.  Used by scripts/bench-realtime.sh and
# scripts/bench-profiles.sh.
set -eu
replay=$1
gen=$2
dir=$3
mkdir -p "$dir"
seed=0
for mem in 0 30 70; do
	for noise in 0 15; do
		seed=$((seed + 1))
		app=mem$mem-noise$noise
		"$gen" "$mem" "$noise" "$seed" 120 >"$dir/$app.csv"
		"$replay" import csv "$dir/$app.csv" --out "$dir" \
			--device frames --combined "$app" >/dev/null 2>&1
	done
done
