#!/bin/sh
# bench-governors.sh [--csv|--json] - `make bench-governors`: every gpugov
# predictor against the kernel's simple_ondemand, on every workload.
#
# The headline: real time (scripts/bench-realtime.sh, docs/realtime.md)
#
# First, after the sweeps and coremem's calibration, every application
# on every GPU (with counters and busy/total only) and the synthetic
# games run in real time: frames at 60 and 120 Hz (and 30 Hz for
# video-decode; steady frames at 24..144 Hz, VR reprojection at 72..120
# Hz) at each paced load, polls at each driver profile's
# interval with its thresholds; rows: performance, the driver's
# simple_ondemand and its upthreshold sweep, gpugov's default with and
# without each deadline source, every model, the no-loss oracle.
# `gpugov-replay realtime-summary` prints the headline against its
# targets (OUT/realtime-summary.txt) and the data of
# OUT/realtime-heatmap.png (janked frames and energy against
# simple_ondemand).  GOVBENCH_REALTIME=0 skips it; GOVBENCH_PERFRAME=0
# runs it alone (the per-frame section below then does not run).
#
# The per-frame section (secondary: one decision per frame, kept to
# compare with earlier figures)
#
# What the matrix measures
#
# A cell is one GPU (tools/sim/gpus/fermi-15sm and maxwell-16sm), one
# suite application (every tools/sim/workloads/apps/*.wl) and one load:
# "30", "60" and "90" are the application paced as frames (`gpugov-replay
# pace --load L`: a frame every (mean busy time at the top OPP) * 100 / L,
# the GPU idling, clock-gated, for the rest of it at the GPU's own leakage
# power.static_uw * V plus 10 W), "b2b" the same work back to back (the
# unpaced sweep).  Each application is simulated once per GPU at every
# OPP (`gpugov-sim sweep --scale 2`, cached in OUT/sweeps by
# scripts/bench-governors-sweep.sh): frame-paced loads, whose .wl marks
# its frames with `frame` lines (render-frame, ml-train-step,
# video-decode, compositor), with `--frames`, a segment per frame, so that
# pacing them paces real frames; kernel-class applications with
# `--segment 25000`, paced by fixed-work segments.  Then `gpugov-replay
# run` replays every policy over each cell's trace in closed loop,
# starting at the top OPP: gpugov with every predictor the trace's
# counters allow, under the objectives `deadline` (the default: least
# energy without losing time against the top OPP) and `edp`, its power
# model the trace's per-OPP energy-model power plus the pacing's idle
# power (--idle-static-uw, --idle-uw), and the baselines performance (the
# top OPP), simple_ondemand at 90/5 (kernel default),
# 45/5 (panfrost) and 50/10 (msm), the best static OPP for EDP in
# hindsight, the per-segment EDP oracle and the no-loss oracle
# (oracle-deadline: per segment the least energy among the OPPs no slower
# than the top one), and gpugov's policy with a perfect model, PCSTALL's
# ACCREAC (accreac-deadline, accreac-edp: the time the work of the segment
# just measured took at every OPP), which separates what reacting one
# segment late costs, which no model can recover, from what a predictor's
# errors cost.  Before the replay, the coremem model is calibrated to
# each simulated GPU as a user calibrates it on a board
# (scripts/bench-governors-fit.sh, `gpugov-replay fit-coremem`): its DRAM
# constants fitted on sweeps of the microbenchmarks in
# tools/sim/workloads/kernels (cached like the applications' sweeps), over
# the GPU's SM count and warp slots; `run --coremem-gpu` then uses that
# description for the GPU's cells.
#
# How to read it
#
# OUT/matrix.csv (and .json) has one row per cell and policy: gpu, app,
# load, intervals (segments, i.e. frames), then `run`'s columns: energy
# and time relative to performance, EDP, ED2P, oracle_pct, switches (OPP
# changes), shortfall_pct, overruns (segments slower than at the top OPP:
# for paced loads, frames that missed their deadline).
#
# OUT/summary.txt (also printed) has one line per policy (for each
# objective, accreac-OBJ before gpugov's predictors), over the paced cells
# and then over the b2b cells:
#   E<=90/5, E<=45/5, E<=50/10  cells where the policy spends no more
#                energy than simple_ondemand at that setting (count, %)
#   won 90 45 50 cells won against each setting: no more energy, and time
#                within max(the setting's time, 1.01)
#   %noloss      mean over cells of 100 * (1 - E) / (1 - E_noloss): the
#                share of the no-loss oracle's saving obtained (cells where
#                that saving is below 0.5% are left out; the header says
#                how many: on b2b work there is little to save without
#                slowing down)
#   T>tol        cells slower than performance by more than 1% (paced) or
#                2% (b2b)
#   sw/int       OPP switches per interval
#   sw/od        switches relative to simple_ondemand-90/5's (sums over
#                the cells)
#   overruns     overruns summed over the cells
#   worst T      the largest time relative to performance, and its cell
# Then the misses of gpugov under the default objective: paced cells with
# more energy than simple_ondemand-90/5 or time > 1.01, b2b cells with
# time > 1.02.  Then the headroom frontier of the paced cells
# (OUT/frontier.csv; scripts/bench-governors-frontier.sh): late cells and
# %noloss of every predictor and of the perfect model at util 100..10, and
# with the util chosen per cell in hindsight; what reacting one frame late
# costs whatever the headroom.  Last, the same table and misses for the
# busy-only path on synthetic paced frames (OUT/frames.csv;
# scripts/bench-governors-frames.sh: a check on the class of workload a
# stock driver sees, made of none of the suite's files, by a generator of
# its own, tools/bench/bench_frames.c).
#
# OUT/heatmap.png: a row per cell, a column per stock setting, oracle and
# gpugov predictor (default objective); colour and number: energy relative
# to simple_ondemand-90/5 (green below 1: less energy); a red "T" figure
# under a cell gives its time relative to performance where above 1.01.
#
# Options: --csv or --json print the matrix on stdout (the summary then
# goes to stderr).  Environment: BUILD (build), GOVBENCH_OUT
# (BUILD/bench-governors), and to restrict or extend the matrix
# GOVBENCH_APPS (application names), GOVBENCH_GPUS (GPU names),
# GOVBENCH_LOADS (30 60 90 b2b), GOVBENCH_OBJS (deadline edp: the first
# is the default objective of the misses and the heat map), GOVBENCH_JOBS
# (2 simulations at a time), GOVBENCH_FRAMES (1: the synthetic frames
# too, the default; 0: not), GOVBENCH_FRONTIER (1: the headroom frontier,
# the default; 0: not), GOVBENCH_FIT_KERNELS (the microbenchmarks
# coremem is calibrated on, default all; empty: no calibration, the
# built-in gtx980 description).
set -eu
# Every figure is made by awk and printf: with the C locale the same on
# every machine (no decimal comma, no multibyte widths, one sort order).
export LC_ALL=C

cd "$(dirname "$0")/.."
B=${BUILD:-build}
out=${GOVBENCH_OUT:-$B/bench-governors}
sim=$B/gpugov-sim
replay=$B/gpugov-replay
apps=${GOVBENCH_APPS:-$(for f in tools/sim/workloads/apps/*.wl; do basename "$f" .wl; done)}
gpus=${GOVBENCH_GPUS:-fermi-15sm maxwell-16sm}
loads=${GOVBENCH_LOADS:-30 60 90 b2b}
objs=${GOVBENCH_OBJS:-deadline edp}
idle_uw=10000000
start=$(date +%s)

fmt=text
case "${1:-}" in
--csv) fmt=csv ;;
--json) fmt=json ;;
"") ;;
*)
	echo "usage: $0 [--csv|--json]" >&2
	exit 2
	;;
esac
for b in "$sim" "$replay" "$B/bench_frames"; do
	[ -x "$b" ] || { echo "$0: no $b (make bench-governors builds it)" >&2; exit 1; }
done
# The summary goes where the matrix does not.
if [ $fmt = text ]; then
	exec 3>&1
else
	exec 3>&2
fi

echo "== simulate $(echo "$apps" | wc -w) applications on $(echo "$gpus" | wc -w) GPUs" >&2
for g in $gpus; do
	for a in $apps; do
		echo "tools/sim/gpus/$g.gpu tools/sim/workloads/apps/$a.wl $out/sweeps/$g/$a.sweep"
	done
done | xargs -L 1 -P "${GOVBENCH_JOBS:-2}" scripts/bench-governors-sweep.sh "$sim" >&2

kernels=${GOVBENCH_FIT_KERNELS-$(for f in tools/sim/workloads/kernels/*.wl; do basename "$f" .wl; done)}
if [ -n "$kernels" ]; then
	echo "== calibrate coremem to each GPU on $(echo "$kernels" | wc -w) microbenchmarks" >&2
	for g in $gpus; do
		for k in $kernels; do
			echo "tools/sim/gpus/$g.gpu tools/sim/workloads/kernels/$k.wl $out/kernels/$g/$k.sweep"
		done
	done | xargs -L 1 -P "${GOVBENCH_JOBS:-2}" scripts/bench-governors-sweep.sh "$sim" >&2
	for g in $gpus; do
		echo "$g $out/kernels/$g $out/coremem/$g.cm"
	done | xargs -L 1 -P "${GOVBENCH_JOBS:-2}" scripts/bench-governors-fit.sh "$replay" >&2
fi

# the paced loads (not b2b), one line
rtloads=$(for l in $loads; do case $l in *[!0-9]*) ;; *) printf '%s ' "$l" ;; esac; done)
rtloads=${rtloads% }
if [ "${GOVBENCH_REALTIME:-1}" = 1 ] && [ -n "$rtloads" ]; then
	echo "== real time: $(echo "$apps" | wc -w) applications x $(echo "$gpus" | wc -w) GPUs (+ synthetic games) x every driver profile x 60/120 Hz (30 video) x loads $rtloads" >&2
	rtstart=$(date +%s)
	RT_APPS=$apps RT_GPUS=$gpus RT_LOADS=$rtloads RT_JOBS=${GOVBENCH_JOBS:-2} \
		RT_SYNTHETIC=${GOVBENCH_FRAMES:-1} scripts/bench-realtime.sh "$replay" \
		"$B/bench_frames" "$out/sweeps" "$out"
	{
		echo "== real time (the headline; docs/realtime.md): $out/realtime.csv ($(($(date +%s) - rtstart)) s)"
		cat "$out/realtime-summary.txt"
		if [ -f "$out/realtime-heatmap.png" ]; then
			echo "real-time heat map: $out/realtime-heatmap.png"
		fi
		printf '\n== per frame (one decision per frame; secondary, for comparison with earlier figures)\n'
	} >&3
fi
[ "${GOVBENCH_PERFRAME:-1}" = 1 ] || {
	echo "elapsed $(($(date +%s) - start)) s" >&3
	exit 0
}

echo "== pace and replay: loads $loads; objectives $objs" >&2
objargs=$(for o in $objs; do printf ' --objective %s' "$o"; done)
rm -rf "$out/traces"
hdr=1
for g in $gpus; do
	static=$(awk '$1 == "power.static_uw" { print $2 }' "tools/sim/gpus/$g.gpu")
	cm=
	[ -z "$kernels" ] || cm="--coremem-gpu $out/coremem/$g.cm"
	mkdir -p "$out/traces/$g"
	for a in $apps; do
		sw=$out/sweeps/$g/$a.sweep
		nseg=$(awk '/^r / { n = $2 + 1 } END { print n }' "$sw")
		for l in $loads; do
			tr=$sw
			if [ "$l" != b2b ]; then
				tr=$out/traces/$g/$a-$l.trace
				"$replay" pace --load "$l" --idle-static-uw "$static" \
					--idle-uw $idle_uw "$sw" "$tr"
			fi
			# shellcheck disable=SC2086 # $objargs, $cm: several options
			"$replay" run --csv $objargs $cm --idle-static-uw "$static" \
				--idle-uw $idle_uw "$tr" |
				awk -v cell="$g,$a,$l,$nseg" -v hdr=$hdr \
					-f scripts/bench-governors-cell.awk
			hdr=0
		done
	done
done >"$out/matrix.csv"

awk -F, 'NR == 1 { split($0, name); next }
	{
		printf "%s{", (NR > 2 ? ",\n" : "[")
		for (i = 1; i <= NF; i++) {
			v = $i
			if (name[i] ~ /^(gpu|app|load|workload|policy)$/)
				v = "\"" v "\""
			else if (v == "-")
				v = "null"
			printf "%s\"%s\": %s", (i > 1 ? ", " : ""), name[i], v
		}
		printf "}"
	}
	END { print (NR > 1 ? "]" : "[]") }' "$out/matrix.csv" >"$out/matrix.json"

awk -F, -v objs="$objs" -f scripts/bench-governors-matrix.awk \
	-f scripts/bench-governors-summary.awk "$out/matrix.csv" >"$out/summary.txt"
if [ "${GOVBENCH_FRONTIER:-1}" = 1 ] && [ -d "$out/traces" ] &&
	echo "$loads" | grep -q '[0-9]'; then
	echo "== the headroom frontier of the paced cells" >&2
	scripts/bench-governors-frontier.sh "$replay" "$out" >>"$out/summary.txt"
fi
if [ "${GOVBENCH_FRAMES:-1}" = 1 ]; then
	echo "== synthetic paced frames, as a stock driver sees them" >&2
	scripts/bench-governors-frames.sh "$replay" "$B/bench_frames" "$out"
	{
		printf '\n== synthetic paced frames, as a stock driver sees them (busy/total, core clock): %s\n' \
			"$out/frames.csv"
		awk -F, -v objs=deadline -f scripts/bench-governors-matrix.awk \
			-f scripts/bench-governors-summary.awk "$out/frames.csv"
	} >>"$out/summary.txt"
fi
cat "$out/summary.txt" >&3

if command -v gnuplot >/dev/null; then
	awk -F, -v obj="${objs%% *}" -v png="$out/heatmap.png" \
		-f scripts/bench-governors-matrix.awk -f scripts/heatmap.awk \
		-f scripts/bench-governors-heatmap.awk \
		"$out/matrix.csv" | gnuplot
	echo "heat map: $out/heatmap.png" >&3
else
	echo "no gnuplot: no heat map (scripts/deps.sh plot installs it)" >&3
fi
case $fmt in
csv) cat "$out/matrix.csv" ;;
json) cat "$out/matrix.json" ;;
esac
echo "matrix: $out/matrix.csv, $out/matrix.json; elapsed $(($(date +%s) - start)) s" >&3
