#!/bin/sh
# bench-governors-frames.sh REPLAY GEN OUT - the busy-only path against
# simple_ondemand on synthetic paced frames: what a stock driver (devfreq
# busy/total and the core clock, no counters) sees of an interactive load
# on a GPU whose memory clock stays fixed.  A check on the class of
# workload beside the suite: nothing in it comes from the suite's files.
#
# Each game (GEN: tools/bench/bench_frames.c, the same bytes on every
# machine) is 120 frames whose time
# at the top clock is a share MEM that does not scale with the core clock
# (0, 15, 30, 50, 70 %) and whose work varies by +-NOISE % from frame to
# frame (0, 5, 15 %), paced at LOAD 30, 50, 70 and 85 % (`gpugov-replay
# pace --load`): 60 cells.  `gpugov-replay run --stock` replays gpugov
# (busy, `deadline`) and the baselines on each; OUT/frames.csv has the
# rows in the format of the matrix (gpu "frames", app "memMEM-noiseNOISE").
set -eu

export LC_ALL=C
replay=$1
gen=$2
out=$3
idle="--idle-static-uw 100000 --idle-uw 50000"
mkdir -p "$out/frames"
hdr=1
seed=0
for mem in 0 15 30 50 70; do
	for noise in 0 5 15; do
		seed=$((seed + 1))
		app=mem$mem-noise$noise
		"$gen" "$mem" "$noise" "$seed" 120 >"$out/frames/$app.csv"
		"$replay" import csv "$out/frames/$app.csv" --out "$out/frames" \
			--device frames --combined "$app" 2>/dev/null
		for l in 30 50 70 85; do
			# shellcheck disable=SC2086 # $idle: several options
			"$replay" pace --load "$l" $idle "$out/frames/$app.trace" \
				"$out/frames/$app-$l.trace"
			# shellcheck disable=SC2086
			"$replay" run --csv --stock --predictor busy --objective deadline \
				$idle "$out/frames/$app-$l.trace" |
				awk -v cell="frames,$app,$l,120" -v hdr=$hdr \
					-f "$(dirname "$0")/bench-governors-cell.awk"
			hdr=0
		done
	done
done >"$out/frames.csv"
