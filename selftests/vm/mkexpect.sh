#!/bin/sh
# mkexpect.sh REPLAY OUTDIR TRACE NAME PRED:OBJ:SLOWDOWN:HYST[:MODE[:LO_HI]]... -
# the OPP sequences gpugov-replay computes, for the guest to compare with
# the kernel's (96_replay_tool; with LO_HI, 77_profiles).
#
# Writes OUTDIR/NAME__PRED__OBJ__SLOWDOWN__HYST[__MODE][__LO_HI].seq, one
# OPP index per segment, from `gpugov-replay run --start-opp 0 --sequence`.
# MODE `stock` adds --stock (what a device without a counter source gives),
# `mali` --mali (what a Mali counter source gives).  LO_HI (e.g. 1_5) adds
# --allowed LO:HI and starts at LO instead (the kernel's run starts where
# gpugov's idle decisions put the device: the lowest allowed OPP).  Configs
# for which the tool reports no gpugov policy (a model the trace lacks the
# counters for) are skipped with a note on stderr.
set -eu
replay=${1:?usage: mkexpect.sh REPLAY OUTDIR TRACE NAME CONFIG...}
out=${2:?}
trace=${3:?}
name=${4:?}
shift 4
mkdir -p "$out"
for cfg in "$@"; do
	IFS=: read -r pred obj slow hyst mode range <<-EOC
	$cfg
	EOC
	start=${range%%_*}
	csv=$out/.tmp.csv
	"$replay" run --predictor "$pred" --objective "$obj" \
		--max-slowdown "$slow" --hysteresis "$hyst" --start-opp "${start:-0}" \
		${mode:+--$mode} ${range:+--allowed "$start:${range#*_}"} \
		--sequence "$csv" "$trace" >/dev/null
	f=$out/${name}__${pred}__${obj}__${slow}__${hyst}${mode:+__$mode}${range:+__$range}.seq
	awk -F, -v p="gpugov-$pred-$obj" '$2 == p { print $4 }' "$csv" >"$f"
	rm -f "$csv"
	if [ ! -s "$f" ]; then
		echo "mkexpect: gpugov-replay has no gpugov-$pred-$obj for $name" >&2
		rm -f "$f"
	fi
done
