#!/bin/sh
# bench-games.sh REPLAY GEN DIR [SET] - the synthetic games of the
# real-time benches: GEN (tools/bench/bench_frames.c, the same bytes on
# every machine) writes each as DIR/NAME.csv and REPLAY imports it as
# DIR/NAME.trace.  SET:
#   games (the default): memory shares 0, 30 and 70 % and frame noise 0
#	and 15 %, seeded 1..6, and one game of each of two classes gpugov
#	once mishandled (below), 120 frames each, as memM-noiseN*; used by
#	scripts/bench-realtime.sh and scripts/bench-profiles.sh;
#   rates: the classes scripts/bench-realtime.sh plays at rates and loads
#	of their own, RT_RATES_FRAMES frames each (default 600; 6000 for
#	the long steady runs of docs/results.md): steady frames (steady-*: every frame
#	alike, or nearly, which a 50 ms window aliases with at 24..144 Hz)
#	and VR reprojection (vr-*: about one frame in 12 runs 127..170 % of
#	the others, 1.1..1.5 periods at the top clock at load 90).
set -eu
replay=$1
gen=$2
dir=$3
set=${4:-games}
mkdir -p "$dir"
# game APP FRAMES MEM NOISE SEED [EVERY LO HI]: one game
game() {
	app=$1
	shift
	"$gen" "$2" "$3" "$4" "$1" ${5:+"$5" "$6" "$7"} >"$dir/$app.csv"
	"$replay" import csv "$dir/$app.csv" --out "$dir" \
		--device frames --combined "$app" >/dev/null 2>&1
}
case $set in
games)
	seed=0
	for mem in 0 30 70; do
		for noise in 0 15; do
			seed=$((seed + 1))
			game "mem$mem-noise$noise" 120 "$mem" "$noise" "$seed"
		done
	done
	# a frame 3-5x heavier about every 8 frames
	# (the ratchet), and steady memory-bound frames varying a little (the
	# hunting)
	game mem30-noise5-heavy8 120 30 5 7 8 300 500
	game mem85-noise3 120 85 3 8
	;;
rates)
	n=${RT_RATES_FRAMES:-600}
	game steady-mem30 "$n" 30 0 9
	game steady-mem70-noise2 "$n" 70 2 10
	# at load 90 the mean frame takes 0.9 periods (the heavy ones
	# included, 1 + 0.48 / 12 = 1.04 times the others): a heavy one
	# 1.27 * 0.9 / 1.04 = 1.10 .. 1.70 * 0.9 / 1.04 = 1.47 periods
	game vr-mem30-noise3 "$n" 30 3 11 12 127 170
	;;
*)
	echo "bench-games.sh: SET is games or rates, not '$set'" >&2
	exit 2
	;;
esac
