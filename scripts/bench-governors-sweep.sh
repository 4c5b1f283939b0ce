#!/bin/sh
# bench-governors-sweep.sh SIM GPU APP OUT - `gpugov-sim sweep` of APP on
# GPU into OUT (for scripts/bench-governors.sh), unless OUT was made from
# the same inputs: OUT.key holds a hash of the options, the simulator
# binary, GPU, APP and every workload file APP uses (its `use` lines,
# recursively), and a sweep whose key matches is kept.
# An APP with `frame` lines is swept one segment per frame (--frames), so
# that pacing it paces its real frames; the others in segments of 25000
# warp instructions.  Only APP's own lines count: the simulator ignores
# the launch sequence, markers included, of a file APP uses.
set -eu
sim=$1
gpu=$2
app=$3
out=$4
if awk '$1 == "frame" { found = 1; exit } END { exit !found }' "$app"; then
	opts="--frames --scale 2"
else
	opts="--segment 25000 --scale 2"
fi

# uses FILE: FILE, then the files its `use` lines name (relative to it)
uses() {
	echo "$1"
	for u in $(awk '$1 == "use" { print $2 }' "$1"); do
		uses "$(dirname "$1")/$u"
	done
}

key=$({
	echo "$opts"
	uses "$app" | xargs cat "$sim" "$gpu"
} | sha256sum | cut -d' ' -f1)
if [ -f "$out" ] && [ "$(cat "$out.key" 2>/dev/null)" = "$key" ]; then
	echo "   cached  $out"
	exit 0
fi
mkdir -p "$(dirname "$out")"
# shellcheck disable=SC2086 # $opts: several options
"$sim" sweep -g "$gpu" -w "$app" $opts -o "$out.tmp" >"$out.log" 2>&1
mv "$out.tmp" "$out"
echo "$key" >"$out.key"
echo "   swept   $out"
