#!/bin/sh
# bench-games.sh REPLAY GEN DIR - the synthetic games of the real-time
# benches: GEN (tools/bench/bench_frames.c, the same bytes on every
# machine) at memory shares 0, 30 and 70 % and frame noise 0 and 15 %,
# seeded 1..6, 120 frames each, and one game of each class of issue 26
# (below), as DIR/memM-noiseN.csv and, imported by
# REPLAY, DIR/memM-noiseN.trace.  Used by scripts/bench-realtime.sh and
# scripts/bench-profiles.sh.
set -eu
replay=$1
gen=$2
dir=$3
mkdir -p "$dir"
# game APP MEM NOISE SEED [EVERY LO HI]: one game of 120 frames
game() {
	app=$1
	shift
	"$gen" "$1" "$2" "$3" 120 ${4:+"$4" "$5" "$6"} >"$dir/$app.csv"
	"$replay" import csv "$dir/$app.csv" --out "$dir" \
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
