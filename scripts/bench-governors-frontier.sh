#!/bin/sh
# bench-governors-frontier.sh REPLAY OUT - how much of the no-loss
# oracle's saving a reactive governor can keep while on time, measured on
# the matrix's paced cells (OUT/traces/GPU/APP-LOAD.trace, written by
# scripts/bench-governors.sh before it calls this).
#
# `deadline` trades lateness for energy through its headroom, the share of
# the interval left for the next frame bringing more work than the last.
# Each paced cell is replayed with the headroom fixed (util_max = util:
# the work may fill util % of its interval, however steady it has been) at
# util 100, 90, ..., 10 with every gpugov predictor and with gpugov's
# policy given a perfect model of the frame before (accreac-deadline), in
# OUT/frontier.csv (gpu,app,load,util, then `gpugov-replay run --csv`'s
# columns).  scripts/bench-governors-frontier.awk then prints, per policy,
# the late cells (time > 1.01 x performance) and the mean share of the
# no-loss saving at each util, and the most any one headroom can give
# while every cell stays on time: the headroom chosen for each cell
# separately in hindsight.  The no-loss oracle knows each frame before it
# runs; a governor that reacts sees it one frame late, and this is what
# that costs whatever headroom it keeps.  Beside it, the best static OPP
# in hindsight within 1.01 (the static-N rows), and a causal policy of
# another kind, the best static OPP of the frames so far within a time
# budget of 1.000, 1.005 and 1.010 x the top OPP's
# (scripts/bench-governors-ftl.awk).
set -eu

replay=$1
out=$2
idle_uw=10000000
utils="100 90 80 70 60 50 40 30 20 10"
hdr=1
for d in "$out"/traces/*/; do
	g=$(basename "$d")
	static=$(awk '$1 == "power.static_uw" { print $2 }' "tools/sim/gpus/$g.gpu")
	cm=
	[ ! -f "$out/coremem/$g.cm" ] || cm="--coremem-gpu $out/coremem/$g.cm"
	for tr in "$d"*.trace; do
		a=$(basename "$tr" .trace)
		for u in $utils; do
			# shellcheck disable=SC2086 # $cm: one option and its argument
			"$replay" run --csv --objective deadline --util "$u" \
				--util-max "$u" $cm \
				--idle-static-uw "$static" --idle-uw $idle_uw "$tr" |
				awk -v cell="$g,${a%-*},${a##*-},$u" -v hdr=$hdr \
					-f scripts/bench-governors-cell.awk |
				sed '1s/^gpu,app,load,intervals,/gpu,app,load,util,/'
			hdr=0
		done
		awk -v cell="$g,${a%-*},${a##*-}" -v app="$a" -v budgets="1.000 1.005 1.010" \
			-f scripts/bench-governors-ftl.awk "$tr"
	done
done >"$out/frontier.csv"
awk -F, -f scripts/bench-governors-frontier.awk "$out/frontier.csv"
