#!/bin/sh
# mkexpect_rt.sh REPLAY OUTDIR TRACE NAME HZ LOAD SEGS PROFILE[:UP/DOWN]... -
# the decisions `gpugov-replay realtime` takes on gpugov_sim's real-time
# engine, poll by poll, for the guest to compare with the kernel's
# (94_realtime reads them beside the device's rt_log).
#
# For each driver profile (with UP/DOWN: simple_ondemand at those
# thresholds instead of the profile's), writes
# OUTDIR/NAME_HZ_LOAD_SEGS__PROFILE[__UP_DOWN]__simple_ondemand.rtseq and
# ...__gpugov.rtseq (NAME.blob in the guest is TRACE): gpugov's defaults
# (crisp, deadline, react fence, with the sim's counter source) given no
# fence deadline, so deciding at polls, each decision a line
# "index,time_ns,event,busy,total,opp" as rt_log prints it;
# ...__gpugov-fence-fence.rtseq, the same given each frame's fence
# deadline (realtime's gpugov-default row); and
# ...__gpugov-SOURCE-timer.rtseq, gpugov reacting
# by its timer with the deadline SOURCE: learned (from busy/idle), hint
# (frame_period_us, the true period) or fence (each frame's vsync, handed
# on as it arrives); and ...__gpugov-SOURCE-frame.rtseq, the same by its
# timer at vsyncs with one check when at risk (react frame; SOURCE learned
# or fence).  All start at OPP 0, where idle polls leave the device before
# its run.  With RT_VRR=1, only ...__gpugov-vrr-timer.rtseq and
# ...__gpugov-vrr-fence.rtseq: the fence rows of `realtime --vrr` by timer
# and the default's (each frame's fence deadline its arrival;
# gpugov_sim's rt_vrr).
set -eu
replay=${1:?usage: mkexpect_rt.sh REPLAY OUTDIR TRACE NAME HZ LOAD SEGS PROFILE...}
out=${2:?}
trace=${3:?}
name=${4:?}
hz=${5:?}
load=${6:?}
segs=${7:?}
shift 7
mkdir -p "$out"
for cfg in "$@"; do
	prof=${cfg%%:*}
	od=
	[ "$prof" = "$cfg" ] || od=${cfg#*:}
	csv=$out/.tmp.csv
	pols="simple_ondemand gpugov gpugov-fence-fence gpugov-learned-timer gpugov-hint-timer
	      gpugov-fence-timer gpugov-learned-frame gpugov-fence-frame"
	vrr=
	[ "${RT_VRR:-0}" = 0 ] || { vrr=--vrr; pols="gpugov-vrr-timer gpugov-vrr-fence"; }
	"$replay" realtime --profile "$prof" --hz "$hz" --load "$load" \
		--segs-per-frame "$segs" --start-opp 0 ${od:+--ondemand "$od"} $vrr \
		--sequence "$csv" "$trace" >/dev/null
	base=$out/${name}_${hz}_${load}_${segs}__${prof}${od:+__$(echo "$od" | tr / _)}
	# gpugov at polls is the row without a deadline source or a way of
	# reacting after its name ("+hint/timer" and the like), other than
	# gpugov-default: react fence given fences
	for pol in $pols; do
		case $pol in
		gpugov-vrr-timer) src=+fence/timer ;;
		gpugov-*-fence) src=gpugov-default ;;
		gpugov-*) src=${pol#gpugov-}; src=+${src%-*}/${src##*-} ;;
		*) src= ;;
		esac
		awk -F, -v p="${pol%%-*}-" -v s="$src" 'NR > 1 && index($2, p) == 1 &&
			(p != "gpugov-" || $2 == s ||
			 (s == "" && $2 !~ /\// && $2 != "gpugov-default") ||
			 (s != "" && substr($2, length($2) - length(s) + 1) == s)) {
			print $3 "," $4 "," $5 "," $6 "," $7 "," $8 }' "$csv" >"${base}__$pol.rtseq"
		if [ ! -s "${base}__$pol.rtseq" ]; then
			echo "mkexpect_rt: no $pol decisions for $name on $prof" >&2
			exit 1
		fi
	done
	rm -f "$csv"
done
