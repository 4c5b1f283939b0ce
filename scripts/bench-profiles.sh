#!/bin/sh
# bench-profiles.sh REPLAY GEN OUT - what each value of gpugov's `profile`
# knob (governor/gpugov_profile.c) costs and saves: `gpugov-replay
# realtime` on the synthetic games of GEN (tools/bench/bench_frames.c,
# seeded as scripts/bench-realtime.sh seeds them), busy/total only
# (--stock: a board whose driver has no counter source), on each driver
# profile at 60 Hz and loads 30, 60 and 90 %.  Prints, per profile, the
# energy relative to `performance` (mean over the cells), janked frames
# and frames (sums), and the worst frame latency (max); simple_ondemand
# at each driver's thresholds for comparison.  OUT keeps the
# games and the per-cell rows (OUT/profiles.csv).
#
# The options below are each profile's values as the ABI file states
# them (Documentation/ABI/testing/sysfs-class-devfreq-gpugov, `profile`);
# `performance` is the objective performance: realtime's performance row.
set -eu
export LC_ALL=C
replay=$1
gen=$2
out=$3
mkdir -p "$out"
"$(dirname "$0")/bench-games.sh" "$replay" "$gen" "$out/frames"
: >"$out/profiles.csv"
for prof in panfrost panthor lima msm sim; do
	for load in 30 60 90; do
		for p in "battery:--util 100 --util-max 100 --slack 10" \
			 "balanced:--util 90 --util-max 100 --slack 1"; do
			# shellcheck disable=SC2086
			"$replay" realtime --csv --stock --profile "$prof" --hz 60 \
				--load "$load" ${p#*:} "$out"/frames/*.trace |
				awk -F, -v p="${p%%:*}" -v cell="$prof,$load" '
					NR <= 2 { next }
					$2 == "gpugov-default" { print p "," cell "," $0 }
					p != "balanced" { next }
					$2 == "performance" { print "performance," cell "," $0 }
					$2 ~ /^simple_ondemand/ { print "simple_ondemand," cell "," $0 }'
		done
	done
done >>"$out/profiles.csv"
awk -F, '{ n[$1]++; e[$1] += $6; j[$1] += $7; f[$1] += $8
	   if ($9 > w[$1]) w[$1] = $9 }
	 END { printf "%-12s %8s %7s %7s %9s\n", "profile", "energy", "janked", "frames", "worst_ms"
	       split("battery balanced performance simple_ondemand", o, " ")
	       for (i = 1; i <= 4; i++) { p = o[i]
		       printf "%-12s %8.4f %7d %7d %9.3f\n", p, e[p] / n[p], j[p], f[p], w[p] } }' \
	"$out/profiles.csv"
