#!/bin/sh
# bench-governors-fit.sh REPLAY GPU SWEEPDIR OUT - the coremem model's
# description of the simulated GPU (tools/sim/gpus/GPU.gpu), calibrated
# with `gpugov-replay fit-coremem` on the microbenchmark sweeps in
# SWEEPDIR (*.sweep: tools/sim/workloads/kernels, none of the suite's
# applications), as a user calibrates it on a board of their own
# (docs/coremem.md, "Calibrating a description").  The counts are the
# GPU's: its SMs and warp slots over the gtx980 description.  OUT is kept
# when OUT.key matches a hash of REPLAY, the GPU file and the sweeps.
set -eu
replay=$1
gpu=$2
dir=$3
out=$4
desc=tools/sim/gpus/$gpu.gpu
start=$out.start
mkdir -p "$(dirname "$out")"
awk '$1 == "sms" { s = $2 } $1 == "warp_slots" { w = $2 }
     END { printf "base = gtx980\nsm_count = %d\nwarps_max = %d\n", s, w }' \
	"$desc" >"$start"
key=$(cat "$replay" "$start" "$dir"/*.sweep | sha256sum | cut -d' ' -f1)
if [ -f "$out" ] && [ "$(cat "$out.key" 2>/dev/null)" = "$key" ]; then
	echo "   cached  $out"
	exit 0
fi
"$replay" fit-coremem --coremem-gpu "$start" --out "$out.tmp" "$dir"/*.sweep \
	2>"$out.log" || { cat "$out.log" >&2; exit 1; }
mv "$out.tmp" "$out"
echo "$key" >"$out.key"
echo "   fitted  $out: $(sed 's/^gpugov-replay fit-coremem: //' "$out.log")"
