#!/bin/sh
# bench-realtime.sh REPLAY GEN SWEEPS OUT - the real-time section of `make
# bench-governors` (scripts/bench-governors.sh, which sets the environment
# below; docs/realtime.md, docs/results.md).
#
# Inputs: every application of RT_APPS on every GPU of RT_GPUS, from its
# sweep SWEEPS/GPU/APP.sweep, twice: with the trace's counters
# (counters-GPU, coremem calibrated as SWEEPS/../coremem/GPU.cm where it
# exists) and busy/total only (stock-GPU, --stock); and, unless
# RT_SYNTHETIC is 0, the synthetic games of GEN (scripts/bench-games.sh,
# tools/bench/bench_frames.c; --stock --predictor busy, the GPU idling at
# 0.1 W * V + 0.05 W): its 8 games; its steady frames (steady-*) at 24,
# 30, 50, 58, 60, 90, 120 and 144 Hz, where a 50 ms poll window aliases
# with the frame period (the summary holds their switches to a target);
# its VR reprojection game (vr-*) at 72, 90 and 120 Hz, at load 90 alone
# (where its heavy frames run 1.1..1.5 periods at the top clock).  Each on
# every profile of RT_PROFILES (default: every profile `gpugov-replay
# realtime --list-profiles` names, so a new profile joins), at 60 and 120
# Hz (and 30 Hz for video-decode) unless said above, and every load of
# RT_LOADS (default 30 60 90).
# Rows: realtime's, with --ondemand-sweep (upthreshold 20..95, the
# profile's downdifferential) and --models.  RT_JOBS (2) jobs at a time.
#
# OUT/realtime.csv: one row per cell and policy; OUT/realtime-summary.txt
# (also printed): `gpugov-replay realtime-summary`, the headline against
# its targets; OUT/realtime-heat.csv and, with gnuplot,
# OUT/realtime-heatmap.png: janked frames and energy against the driver's
# simple_ondemand per workload and policy.
set -eu
export LC_ALL=C
replay=$1
gen=$2
sweeps=$3
out=$4
here=$(dirname "$0")
RT_PROFILES=${RT_PROFILES:-$("$replay" realtime --list-profiles)}
RT_LOADS=${RT_LOADS:-30 60 90}
export RT_PROFILES RT_LOADS
rm -rf "$out/rt" "$out/rtrates"
mkdir -p "$out/rt" "$out/rtframes" "$out/rtrates"
# the jobs, one per view and trace: OUT VIEW HZLIST TRACE OPTIONS...
{
	for g in ${RT_GPUS:-fermi-15sm maxwell-16sm}; do
		cm=
		[ ! -f "$sweeps/../coremem/$g.cm" ] || cm="--coremem-gpu $sweeps/../coremem/$g.cm"
		for a in $RT_APPS; do
			hz=60,120
			[ "$a" != video-decode ] || hz=30,60,120
			echo "$out/rt/counters-$g-$a.csv counters-$g $hz $sweeps/$g/$a.sweep${cm:+ $cm}"
			echo "$out/rt/stock-$g-$a.csv stock-$g $hz $sweeps/$g/$a.sweep --stock"
		done
	done
	if [ "${RT_SYNTHETIC:-1}" = 1 ]; then
		"$here/bench-games.sh" "$replay" "$gen" "$out/rtframes"
		"$here/bench-games.sh" "$replay" "$gen" "$out/rtrates" rates
		for t in "$out"/rtframes/*.trace "$out"/rtrates/*.trace; do
			a=$(basename "$t" .trace)
			case $a in
			steady-*) hz=24,30,50,58,60,90,120,144 ;;
			vr-*) hz=72,90,120:90 ;;
			*) hz=60,120 ;;
			esac
			echo "$out/rt/synthetic-$a.csv synthetic $hz $t" \
				"--stock --predictor busy --idle-static-uw 100000 --idle-uw 50000"
		done
	fi
} >"$out/rt/jobs"
xargs -L 1 -P "${RT_JOBS:-2}" "$here/bench-realtime-job.sh" "$replay" <"$out/rt/jobs"
{
	echo "view,profile,hz,load,workload,policy,energy,janked,frames,worst_ms,switches,decisions_per_s"
	# in the jobs' order, whatever order they ended in
	cut -d' ' -f1 "$out/rt/jobs" | xargs cat
} >"$out/realtime.csv.tmp"
mv "$out/realtime.csv.tmp" "$out/realtime.csv"
"$replay" realtime-summary --heat "$out/realtime-heat.csv" "$out/realtime.csv" \
	>"$out/realtime-summary.txt"
if command -v gnuplot >/dev/null; then
	awk -F, -v png="$out/realtime-heatmap.png" -f "$here/heatmap.awk" \
		-f "$here/bench-realtime-heatmap.awk" \
		"$out/realtime-heat.csv" | gnuplot
fi
