#!/bin/sh
# bench-realtime-job.sh REPLAY OUT VIEW HZLIST[:LOADLIST] TRACE [OPTION...] -
# one job of scripts/bench-realtime.sh: `gpugov-replay realtime` of TRACE
# on every profile of RT_PROFILES, at every rate of HZLIST
# (comma-separated) and every load of LOADLIST (comma-separated; without
# it, RT_LOADS), with the upthreshold sweep, every model the view allows
# and the options of RT_OPTS (e.g. --frontier); OUT gets one CSV row per
# cell and policy (VIEW, profile, hz, load, then realtime's columns),
# written whole or not at all: a run that fails fails the job, and xargs
# the bench.
set -eu
export LC_ALL=C
replay=$1
out=$2
view=$3
hzlist=${4%%:*}
loads=$RT_LOADS
case $4 in *:*) loads=$(echo "${4#*:}" | tr , ' ') ;; esac
trace=$5
shift 5
for prof in $RT_PROFILES; do
	for hz in $(echo "$hzlist" | tr , ' '); do
		for load in $loads; do
			# through a file: a failed run stops the job (set -e), where
			# a pipe would hand awk nothing and lose the cell silently
			"$replay" realtime --csv --ondemand-sweep --models --profile "$prof" \
				--hz "$hz" --load "$load" "$@" ${RT_OPTS:-} "$trace" >"$out.one"
			awk -F, -v pre="$view,$prof,$hz,$load" 'NR > 2 { print pre "," $0 }' \
				"$out.one"
		done
	done
done >"$out.tmp"
rm -f "$out.one"
mv "$out.tmp" "$out"
