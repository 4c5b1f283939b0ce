#!/bin/sh
# replay_allowed.sh REPLAY SWEEP_TRACE WORKDIR - `gpugov-replay run` on a
# device that allows only some OPPs (--allowed, --allowed-schedule) and
# with a Mali counter source (--mali).  TAP, then
# "RESULT replay-allowed: P passed, F failed".
set -u
replay=${1:?usage: replay_allowed.sh REPLAY SWEEP_TRACE WORKDIR}
trace=${2:?}
dir=${3:?}
rm -rf "$dir" && mkdir -p "$dir"
n=0 f=0
ok() { n=$((n + 1)); echo "ok $((n + f)) - $*"; }
nok() { f=$((f + 1)); echo "not ok $((n + f)) - $*"; }
check() { if eval "$1"; then ok "$2"; else nok "$2"; fi; }

# seq NAME ARGS...: the OPP of every segment of gpugov-stall-energy
seq() {
	name=$1
	shift
	"$replay" run --predictor stall --objective energy --start-opp 0 \
		--sequence "$dir/$name.csv" "$@" "$trace" >"$dir/$name.out" 2>"$dir/$name.err" &&
	awk -F, '$2 == "gpugov-stall-energy" { print $4 }' "$dir/$name.csv" >"$dir/$name.seq"
}
top=$(($(grep -c '^opp ' "$trace") - 1))
nseg=$(awk '$1 == "r" && $3 == 0' "$trace" | wc -l)

seq all && seq full --allowed "0:$top"
check 'cmp -s "$dir/all.seq" "$dir/full.seq" && [ -s "$dir/all.seq" ]' \
	"--allowed 0:$top (every OPP) = no range ($(wc -l <"$dir/all.seq") segments)"

seq cap --allowed 1:3
check '[ "$(wc -l <"$dir/cap.seq")" -eq "$nseg" ] && awk "\$1 < 1 || \$1 > 3 { bad = 1 } END { exit bad }" "$dir/cap.seq"' \
	"--allowed 1:3: every segment at OPPs 1..3"
check '! cmp -s "$dir/all.seq" "$dir/cap.seq"' "--allowed 1:3 changes the sequence"
check 'awk -F, "\$2 == \"performance\" && \$4 != 3 { bad = 1 } \$2 == \"static-0\" && \$4 != 1 { bad = 1 } END { exit bad }" "$dir/cap.csv"' \
	"--allowed 1:3: performance runs at OPP 3, static-0 at OPP 1 (the devfreq core's clamp)"

printf 'segment,lo,hi\n0,1,3\n' >"$dir/one.csv"
seq sched1 --allowed-schedule "$dir/one.csv"
check 'cmp -s "$dir/cap.seq" "$dir/sched1.seq"' "a schedule of one row at segment 0 = --allowed"

half=$((nseg / 2))
printf '# a cap from the middle on\nsegment,lo,hi\n%s,0,2\n' "$half" >"$dir/half.csv"
seq half --allowed-schedule "$dir/half.csv"
check '[ "$(head -n "$half" "$dir/all.seq")" = "$(head -n "$half" "$dir/half.seq")" ]' \
	"schedule: the segments before its first row are the unconstrained run's"
check '[ "$(head -n "$half" "$dir/all.seq" | awk "\$1 > 2" | wc -l)" -gt 0 ] &&
	tail -n +$((half + 1)) "$dir/half.seq" | awk "\$1 > 2 { bad = 1 } END { exit bad }"' \
	"schedule: from segment $half on OPPs 0..2 only (the unconstrained run goes above before)"

seq mali --mali
check 'grep -q "gpugov-stall-energy" "$dir/mali.csv" && ! grep -q "gpugov-crisp-" "$dir/mali.csv"' \
	"--mali: stall runs, crisp (no Mali counterpart) is not offered"
"$replay" run --mali --predictor crisp --objective energy "$trace" >"$dir/mc.out" 2>&1
check '! grep -q "gpugov-crisp" "$dir/mc.out"' "--mali --predictor crisp: no gpugov-crisp policy"

# refused DESC PATTERN ARGS...: `run ARGS TRACE` fails with a message
# matching PATTERN (the file and line, the value)
refused() {
	desc=$1 pat=$2
	shift 2
	if "$replay" run "$@" "$trace" >"$dir/bad.out" 2>"$dir/bad.err"; then
		nok "$desc refused"
	elif grep -q -- "$pat" "$dir/bad.err"; then
		ok "$desc refused: $(head -c 90 "$dir/bad.err")"
	else
		nok "$desc: unclear error: $(head -c 90 "$dir/bad.err")"
	fi
}
for bad in "3:1" "1" "a:2" "1:" ":2" "1:128"; do
	refused "--allowed '$bad'" "bad value '$bad'" --allowed "$bad"
done
printf 'segment,lo,hi\n5,0,3\n5,0,2\n' >"$dir/dup.csv"
printf 'segment,lo,hi\n0,4,2\n' >"$dir/inv.csv"
printf 'segment,lo,hi\n0,1\n' >"$dir/short.csv"
refused "schedule with a repeated segment" "dup.csv:3:" --allowed-schedule "$dir/dup.csv"
refused "schedule with lo > hi" "inv.csv:2:" --allowed-schedule "$dir/inv.csv"
refused "schedule row of two fields" "short.csv:2:" --allowed-schedule "$dir/short.csv"
refused "--allowed-schedule of a missing file" "$dir/none.csv" --allowed-schedule "$dir/none.csv"
refused "--allowed with --allowed-schedule" "one --allowed" --allowed 0:1 --allowed-schedule "$dir/one.csv"
refused "--stock with --mali" "not both" --stock --mali
echo "1..$((n + f))"
echo "RESULT replay-allowed: $n passed, $f failed"
[ "$f" -eq 0 ]
