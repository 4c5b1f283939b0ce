#!/bin/sh
# mkexpect_range.sh REPLAY OUTDIR TRACE PRED:OBJ:MODE:LO:HI... - the OPP
# sequences `gpugov-replay run` computes for a device that allows only
# OPPs LO..HI, for the guest to compare with the kernel's capped runs
# (77_profiles).
#
# MODE is stock (--stock: busy/total only) or mali (--mali: the Mali
# counter source's fields).  Writes OUTDIR/PRED__OBJ__MODE__LO_HI.seq, one
# OPP index per segment, from `run --allowed LO:HI --start-opp LO`
# (the kernel's run starts where gpugov's idle decisions put the device:
# the lowest allowed OPP), max_slowdown 5, hysteresis 0.
set -eu
replay=${1:?usage: mkexpect_range.sh REPLAY OUTDIR TRACE CONFIG...}
out=${2:?}
trace=${3:?}
shift 3
mkdir -p "$out"
for cfg in "$@"; do
	IFS=: read -r pred obj mode lo hi <<-EOC
	$cfg
	EOC
	csv=$out/.tmp.csv
	"$replay" run --predictor "$pred" --objective "$obj" --max-slowdown 5 \
		--hysteresis 0 --start-opp "$lo" --allowed "$lo:$hi" "--$mode" \
		--sequence "$csv" "$trace" >/dev/null
	f=$out/${pred}__${obj}__${mode}__${lo}_${hi}.seq
	awk -F, -v p="gpugov-$pred-$obj" '$2 == p { print $4 }' "$csv" >"$f"
	rm -f "$csv"
	if [ ! -s "$f" ]; then
		echo "mkexpect_range: gpugov-replay has no gpugov-$pred-$obj ($mode)" >&2
		exit 1
	fi
done
