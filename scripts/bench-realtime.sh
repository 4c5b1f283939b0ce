#!/bin/sh
# bench-realtime.sh REPLAY GEN SWEEPS OUT - the real-time section of `make
# bench-governors` (scripts/bench-governors.sh, which sets the environment
# below; docs/realtime.md, docs/results.md).
#
# Inputs: every application of RT_APPS on every GPU of RT_GPUS, from its
# sweep SWEEPS/GPU/APP.sweep, twice: with the trace's counters
# (counters-GPU, coremem calibrated as SWEEPS/../coremem/GPU.cm where it
# exists) and busy/total only (stock-GPU, --stock); and, unless
# RT_SYNTHETIC is 0, the 6 synthetic games of GEN
# (tools/bench/bench_frames.c: mem 0/30/70 %, noise 0/15 %; --stock
# --predictor busy, the GPU idling at 0.1 W * V + 0.05 W).  Each on every
# profile of RT_PROFILES (default: every profile `gpugov-replay realtime
# --list-profiles` names, so a new profile joins), at 60 and 120 Hz (and
# 30 Hz for video-decode) and every load of RT_LOADS (default 30 60 90).
# Rows: realtime's, with --ondemand-sweep (upthreshold 20..95, the
# profile's downdifferential) and --models.  RT_JOBS (2) jobs at a time.
#
# OUT/realtime.csv: one row per cell and policy; OUT/realtime-summary.txt
# (also printed): `gpugov-replay realtime-summary`, the headline against
# issue 26's targets; OUT/realtime-heat.csv and, with gnuplot,
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
rm -rf "$out/rt"
mkdir -p "$out/rt" "$out/rtframes"
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
		for t in "$out"/rtframes/*.trace; do
			a=$(basename "$t" .trace)
			echo "$out/rt/synthetic-$a.csv synthetic 60,120 $t" \
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
