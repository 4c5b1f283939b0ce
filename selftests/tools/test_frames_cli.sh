#!/bin/sh
# test_frames_cli.sh FRAMES AB - gpugov-frames and gpugov-ab on the host.
#
# gpugov-frames: --help and usage errors (exit 2, the option named), a
# schedule file's bad line named FILE:LINE, a missing card refused with
# no CSV left behind, --offscreen --cpu runs: one CSV row a frame, the
# schedules' weights averaging --load, SIGTERM ending a run with its
# frames written, a full disk keeping the earlier CSV.
#
# gpugov-ab on a devfreq device made of plain files (GPUGOV_AB_CLASS,
# GPUGOV_AB_DEBUGFS): usage errors change nothing; a run writes one
# runs.csv row a run, repeats interleaved in alternating order; the
# governor, the tunables it changed, min/max_freq and polling_interval
# come back after a normal run, a failing CMD and SIGTERM, and a failed
# run leaves no output directory; energy from an energy counter, a power
# meter integrated, or the estimate from residency and gpugov's model
# power, labelled as one in the table and the JSON.
set -u
frames=$1
ab=$2
bin=$frames
here=$(dirname "$0")
# shellcheck source-path=SCRIPTDIR source=tap.sh
. "$here/tap.sh"

# ---- gpugov-frames --------------------------------------------------------
check "frames --help: usage on stdout, exit 0" \
	sh -c "\"$frames\" --help | grep -q '^usage: gpugov-frames'"
check "frames: unknown option, exit 2" run 2 --bogus
check "frames: it is named" grep -q "unknown option '--bogus'" "$tmp/err"
for bad in "--load 0" "--load 101" "--load 5x" "--hz 0" "--seconds -1" "--frames 0"; do
	check "frames $bad: exit 2" run 2 --offscreen --cpu $bad
	check "frames $bad: the option named" grep -q -- "${bad% *}:" "$tmp/err"
done
check "frames --load without a value: exit 2" run 2 --load
for bad in 0 -1 x 2e9 nan; do
	check "frames --unit-ns $bad: exit 2, named" \
		sh -c "! \"$frames\" --offscreen --cpu --unit-ns $bad 2>&1 | grep -v -q -- '--unit-ns:'"
done
check "frames --calibrate with --csv: exit 2" run 2 --calibrate --offscreen --cpu --csv "$tmp/c.csv"
check "frames --calibrate: one line, unit_ns, exit 0" \
	sh -c "\"$frames\" --calibrate --offscreen --cpu | awk 'END { exit !(NR == 1 && \$1 == \"unit_ns\" && \$2 > 0) }'"
check "frames --unit-ns: taken, not measured" \
	sh -c "\"$frames\" --offscreen --cpu --hz 200 --load 10 --frames 2 --unit-ns 2.5 | grep -qx 'unit_ns 2.5'"
check "frames --card with --offscreen: exit 2" run 2 --card /dev/null --offscreen
for s in bogus spikes:1 spikes:10:0 ramp:10:2 steady:3 scene:x; do
	check "frames --schedule $s: exit 2" run 2 --offscreen --cpu --schedule "$s"
done
printf '1\n# comment\n\n2.5\nheavy\n' >"$tmp/bad.load"
check "frames: a bad weight in a schedule file, exit 2" \
	run 2 --offscreen --cpu --schedule "file:$tmp/bad.load"
check "frames: ... named FILE:LINE" grep -q "$tmp/bad.load:5: 'heavy'" "$tmp/err"
check "frames: a missing schedule file named" \
	sh -c "! \"$frames\" --offscreen --cpu --schedule file:$tmp/none 2>&1 | grep -q -v \"$tmp/none\""
fresh
check "frames --card missing: exit 1" run 1 --card "$tmp/nocard" --cpu --csv "$wo/f.csv"
check "frames --card missing: named, no CSV left" \
	sh -c "grep -q \"$tmp/nocard\" \"$tmp/err\" && only_entries() { [ -z \"\$(ls -A \"\$1\")\" ]; }; only_entries \"$wo\""
check "frames --csv in a missing directory: exit 2" \
	run 2 --offscreen --cpu --csv "$tmp/no/dir/f.csv"

fresh
check "frames --offscreen --cpu --frames 40: exit 0" \
	run 0 --offscreen --cpu --hz 100 --load 10 --frames 40 --csv "$wo/f.csv"
check "frames: 40 rows and the header" \
	sh -c "[ \$(wc -l <\"$wo/f.csv\") -eq 41 ] &&
	       head -n 1 \"$wo/f.csv\" | grep -qx 'frame,work,due_ns,submit_ns,done_ns,flip_ns,janked'"
check "frames: every frame shown at or after its completion, due a period after its start tick" \
	awk -F, 'NR > 1 && ($6 < $5 || $5 < $4 || $3 - $4 > 10000000 + 2000000) { bad = 1 }
		 END { exit bad }' "$wo/f.csv"
check "frames: the summary counts the frames" grep -qx 'frames 40' "$tmp/out"
check "frames: the summary's janked is the CSV's" \
	sh -c "[ \"\$(awk -F, 'NR > 1 { s += \$7 } END { print \"janked \" s + 0 }' \"$wo/f.csv\")\" = \
		 \"\$(grep '^janked ' \"$tmp/out\")\" ]"
# the weights: spikes 10:3 at --load 20 is 0.2 x 10/12 and 0.2 x 30/12
fresh
check "frames spikes:10:3: exit 0" \
	run 0 --offscreen --cpu --hz 200 --load 20 --frames 30 --schedule spikes:10:3 --csv "$wo/s.csv"
check "frames spikes:10:3: every 10th frame 3 times the others, the mean --load" \
	awk -F, 'NR > 1 { s += $2; w = ($1 % 10 == 9) ? 0.5 : 0.1667
		if ($2 < w - 0.001 || $2 > w + 0.001) bad = 1 }
		END { exit bad || s / (NR - 1) < 0.1999 || s / (NR - 1) > 0.2001 }' "$wo/s.csv"
printf '1\n3 # a heavy frame\n' >"$tmp/two.load"
check "frames file schedule: scaled to average --load" \
	sh -c "\"$frames\" --offscreen --cpu --hz 200 --load 40 --frames 4 --quiet \
		--schedule file:$tmp/two.load --csv \"$wo/t.csv\" &&
	       awk -F, 'NR > 1 { w[NR] = \$2 } END { exit !(w[2] == 0.2 && w[3] == 0.6 &&
		       w[4] == 0.2 && w[5] == 0.6) }' \"$wo/t.csv\""
check "frames scene: the frames after the change twice those before" \
	sh -c "\"$frames\" --offscreen --cpu --hz 200 --load 30 --frames 8 --quiet \
		--schedule scene:4 --csv \"$wo/c.csv\" &&
	       awk -F, 'NR == 2 { a = \$2 } NR == 9 { b = \$2 } END { exit !(a == 0.2 && b == 0.4) }' \
		\"$wo/c.csv\""
fresh
"$frames" --offscreen --cpu --hz 50 --load 5 --seconds 0 --quiet --csv "$wo/sig.csv" &
pid=$!
sleep 1
kill -TERM $pid
wait $pid
check "frames: SIGTERM ends a run with exit 0" [ $? -eq 0 ]
check "frames: ... and writes its frames" \
	sh -c "[ \$(wc -l <\"$wo/sig.csv\") -gt 5 ]"
check "frames: a full disk keeps the earlier CSV" \
	full f.csv --offscreen --cpu --frames 3 --csv "$wo/f.csv"

# ---- gpugov-ab on plain files ---------------------------------------------
bin=$ab
cls=$tmp/class
dbg=$tmp/debug
export GPUGOV_AB_CLASS=$cls GPUGOV_AB_DEBUGFS=$dbg
dev=$cls/devfreq/gpu0

trans() {	# trans MS_AT_100 MS_AT_200 SWITCHES: write the device's trans_stat
	printf '     From  :   To\n           : 100000000 200000000   time(ms)\n'
	printf '*  100000000:         0         0 %12s\n' "$1"
	printf '   200000000:         0         0 %12s\n' "$2"
	printf 'Total transition : %s\n' "$3"
}
mkdev() {	# a fresh device under simple_ondemand, gpugov's model in debugfs
	rm -rf "$cls" "$dbg"
	mkdir -p "$dev/gpugov" "$cls/hwmon" "$cls/power_supply" "$dbg/gpugov/gpu0"
	echo simple_ondemand >"$dev/governor"
	echo "simple_ondemand performance gpugov" >"$dev/available_governors"
	echo 100000000 >"$dev/min_freq"
	echo 200000000 >"$dev/max_freq"
	echo 50 >"$dev/polling_interval"
	echo 200000000 >"$dev/cur_freq"
	echo balanced >"$dev/gpugov/profile"
	echo 0 >"$dev/gpugov/hysteresis"
	trans 0 0 0 >"$dev/trans_stat"
	printf 'index khz uv power_uw\n0 100000 800000 1000000\n1 200000 900000 3000000\n' \
		>"$dbg/gpugov/gpu0/opps"
	printf 'decisions 0\n' >"$dbg/gpugov/gpu0/stats"
}
restored() {
	[ "$(cat "$dev/governor")" = simple_ondemand ] &&
	[ "$(cat "$dev/gpugov/profile")" = balanced ] &&
	[ "$(cat "$dev/min_freq")" = 100000000 ] && [ "$(cat "$dev/max_freq")" = 200000000 ] &&
	[ "$(cat "$dev/polling_interval")" = 50 ]
}

mkdev
check "ab --help: exit 0" sh -c "\"$ab\" --help | grep -q '^usage: gpugov-ab'"
check "ab --version" sh -c "\"$ab\" --version | grep -q '^gpugov-ab [0-9]'"
check "ab without --device: exit 2" run 2
check "ab without CMD nor gpugov-frames in PATH: exit 2, said" \
	sh -c "PATH=/usr/bin:/bin \"$ab\" --device gpu0 --out \"$tmp/o\" 2>&1 >/dev/null |
	       grep -q 'no gpugov-frames in PATH' && [ ! -e \"$tmp/o\" ]" && restored
check "ab --device missing: exit 2, named" \
	sh -c "! \"$ab\" --device nosuch -- true 2>&1 >/dev/null | grep -v -q \"'nosuch' is no devfreq device\""
for bad in "--seconds 0" "--repeat x" "--settle -1" "--governors bogus" \
	   "--governors simple_ondemand:profile=x" "--governors gpugov:profile" \
	   "--energy $tmp/none"; do
	check "ab $bad: exit 2, nothing changed" \
		sh -c "\"$ab\" --device gpu0 $bad --out \"$tmp/o\" -- true 2>\"$tmp/err\"
		       [ \$? -eq 2 ] && [ ! -e \"$tmp/o\" ] && [ -s \"$tmp/err\" ]" &&
	restored
done

# A CMD that ran 1 s at 200 MHz: the estimate is 1 s x 3 W.
cat >"$tmp/work.sh" <<EOS
#!/bin/sh
g=\$(cat "$dev/governor")
echo "\$g" >>"$tmp/order"
t=\$(awk '/^ *200000000:/ { print \$NF }' "$dev/trans_stat")
printf '     From  :   To\n           : 100000000 200000000   time(ms)\n*  100000000: 0 0 0\n   200000000: 0 0 %s\nTotal transition : 3\n' \$((t + 1000)) >"$dev/trans_stat"
exit 0
EOS
chmod +x "$tmp/work.sh"
rm -f "$tmp/order"
check "ab: a run of 2 governors x 2 repeats, exit 0" \
	run 0 --device gpu0 --governors simple_ondemand,gpugov:profile=battery \
	--seconds 5 --repeat 2 --settle 0 --out "$tmp/r1" -- "$tmp/work.sh"
check "ab: restored after it" restored
check "ab: repeats interleaved, alternating order" \
	[ "$(cat "$tmp/order" | tr '\n' ' ')" = \
	  "simple_ondemand gpugov gpugov simple_ondemand " ]
check "ab: runs.csv, one row a run" [ "$(wc -l <"$tmp/r1/runs.csv")" -eq 5 ]
check "ab: the estimate, 3 J a run, labelled" \
	sh -c "awk -F, 'NR > 1 && \$5 != \"3.000000\" { exit 1 }' \"$tmp/r1/runs.csv\" &&
	       grep -q 'energy_J(ESTIMATE)' \"$tmp/r1/summary.txt\" &&
	       grep -q '\"energy_is_estimate\": true' \"$tmp/r1/ab.json\""
check "ab: switches counted from trans_stat" \
	awk -F, 'NR == 2 && $9 != 3 { exit 1 } NR == 3 && $9 != 0 { exit 1 }' "$tmp/r1/runs.csv"
check "ab: decisions per second for gpugov alone" \
	awk -F, 'NR > 1 && ($3 ~ /^gpugov/) != ($10 != "-") { exit 1 }' "$tmp/r1/runs.csv"
if command -v python3 >/dev/null; then
	check "ab: ab.json parses" sh -c "python3 -m json.tool \"$tmp/r1/ab.json\" >/dev/null"
fi
check "ab: the table on stdout" grep -q '^cmd  *gpugov:profile=battery' "$tmp/out"

# Under busybox, as in the test guest and on many boards: its ash and
# applets (an awk without sqrt() among them), nothing else in PATH.
if bb=$(command -v busybox); then
	mkdir -p "$tmp/bb"
	for a in $("$bb" --list); do ln -sf "$bb" "$tmp/bb/$a"; done
	mkdev
	check "ab under busybox: 2 repeats, the spread computed" \
		sh -c "PATH=\"$tmp/bb\" \"$tmp/bb/sh\" \"$ab\" --device gpu0 --governors gpugov \
			--seconds 5 --repeat 2 --settle 0 --out \"$tmp/rb\" -- \"$tmp/work.sh\" \
			>\"$tmp/bb.out\" 2>&1 && grep -q '^cmd  *gpugov  *3.000 +-0.000' \"$tmp/rb/summary.txt\""
	[ "$fail" -eq 0 ] || sed "s/^/# /" "$tmp/bb.out"
	check "ab under busybox: restored after it" restored
	# /proc/uptime's 10 ms: runs of no time at all divide by no zero
	mkdev
	check "ab: runs quicker than the clock's tick, exit 0" \
		sh -c "PATH=\"$tmp/bb\" \"$tmp/bb/sh\" \"$ab\" --device gpu0 --governors gpugov \
			--seconds 5 --repeat 4 --settle 0 --out \"$tmp/rq\" -- true >\"$tmp/bb.out\" 2>&1"
fi

mkdev
mkdir -p "$cls/hwmon/hwmon3"
echo 5000000 >"$cls/hwmon/hwmon3/energy1_input"
printf '#!/bin/sh\necho 7500000 >%s\n' "$cls/hwmon/hwmon3/energy1_input" >"$tmp/meter.sh"
chmod +x "$tmp/meter.sh"
check "ab: an energy counter, 2.5 J" \
	sh -c "\"$ab\" --device gpu0 --governors performance --seconds 5 --repeat 1 --settle 0 \
		--out \"$tmp/r2\" -- \"$tmp/meter.sh\" >/dev/null &&
	       awk -F, 'NR == 2 { exit \$5 != \"2.500000\" }' \"$tmp/r2/runs.csv\" &&
	       ! grep -q ESTIMATE \"$tmp/r2/summary.txt\""
check "ab: restored after it" restored

mkdev
mkdir -p "$cls/hwmon/hwmon1"
echo 2000000 >"$cls/hwmon/hwmon1/power1_input"
check "ab: a 2 W power meter integrated over a 2 s run" \
	sh -c "\"$ab\" --device gpu0 --governors performance --seconds 2 --repeat 1 --settle 0 \
		--out \"$tmp/r3\" -- sleep 10 >/dev/null &&
	       awk -F, 'NR == 2 { exit \$5 < 3.2 || \$5 > 4.4 }' \"$tmp/r3/runs.csv\""

mkdev
check "ab: a failing CMD, exit 1" \
	run 1 --device gpu0 --governors gpugov:profile=battery --seconds 5 --repeat 1 \
	--settle 0 --out "$tmp/r4" -- sh -c 'echo oops; exit 3'
check "ab: ... says so, restored, no output" \
	sh -c "grep -q 'the workload failed (exit 3)' \"$tmp/err\" && [ ! -e \"$tmp/r4\" ]" && restored
check "ab: ... and no scratch directory left" \
	[ -z "$(ls -A "$tmp" | grep '^\.gpugov-ab')" ]

# The default workload: gpugov-frames (a stand-in here) calibrated once
# with the device held at its top OPP, every run handed that unit; its
# CSV's janked frames and worst latency counted.
mkdir -p "$tmp/fakeframes"
cat >"$tmp/fakeframes/gpugov-frames" <<EOS
#!/bin/sh
case " \$* " in
*" --calibrate "*) cat "$dev/min_freq" >"$tmp/cal-min"; echo "\$*" >"$tmp/cal-args"
	echo "unit_ns 5"; exit 0 ;;
esac
echo "\$*" >>"$tmp/frames-args"
while [ \$# -gt 0 ]; do [ "\$1" != --csv ] || csv=\$2; shift; done
printf 'frame,work,due_ns,submit_ns,done_ns,flip_ns,janked\n0,0.5,100,50,80,100,0\n1,0.5,200,100,150,2000100,1\n' >"\$csv"
EOS
chmod +x "$tmp/fakeframes/gpugov-frames"
mkdev
rm -f "$tmp/frames-args"
check "ab, the default workload: exit 0" \
	sh -c "PATH=\"$tmp/fakeframes:\$PATH\" \"$ab\" --device gpu0 --seconds 5 --repeat 1 \
		--settle 0 --no-trace --out \"$tmp/rd\" >/dev/null 2>&1"
check "ab: calibrated once, at the top OPP; min_freq back after" \
	sh -c "[ \"\$(cat \"$tmp/cal-min\")\" = 200000000 ]" && restored
check "ab: a steady and a spiky run under each governor, all with that unit" \
	sh -c "[ \$(grep -c -- '--unit-ns 5 ' \"$tmp/frames-args\") -eq 4 ] &&
	       [ \$(grep -c -- '--schedule spikes ' \"$tmp/frames-args\") -eq 2 ]"
check "ab: janked frames and the worst latency from the CSV" \
	awk -F, 'NR > 1 && ($6 != 1 || $7 != 2 || $8 != "2.000") { exit 1 } END { exit NR != 5 }' \
		"$tmp/rd/runs.csv"
check "ab: the unit in the JSON" grep -q '"frames_unit_ns": 5,' "$tmp/rd/ab.json"
mkdev
rm -f "$tmp/frames-args"
check "ab --frames-args: exit 0" \
	sh -c "PATH=\"$tmp/fakeframes:\$PATH\" \"$ab\" --device gpu0 --governors gpugov --seconds 5 \
		--repeat 1 --settle 0 --no-trace --frames-args '--cpu  --load 20' --out \"$tmp/rf\" \
		>/dev/null 2>&1"
check "ab --frames-args: given to the calibration and to every run" \
	sh -c "grep -q -- '--calibrate --cpu --load 20$' \"$tmp/cal-args\" &&
	       [ \$(grep -c -- ' --cpu --load 20$' \"$tmp/frames-args\") -eq 2 ]"
check "ab --frames-args with a CMD: exit 2" \
	run 2 --device gpu0 --frames-args --cpu --out "$tmp/rg" -- true
check "ab --frames-args --csv: exit 2, said" \
	sh -c "PATH=\"$tmp/fakeframes:\$PATH\" \"$ab\" --device gpu0 --frames-args '--csv x' \
		--out \"$tmp/rg\" 2>&1 >/dev/null | grep -q 'are the harness'"

# gpugov-trace under gpugov: a stand-in that, as a background job of a
# script, has SIGINT ignored (as the real one has until it has loaded
# its BPF programs); a workload done at once stops it all the same.
mkdir -p "$tmp/fakebin"
printf '#!/bin/sh\ntrap "echo stopped >%s; exit 0" INT TERM\nsleep 30 & wait $!\n' \
	"$tmp/trace-stopped" >"$tmp/fakebin/gpugov-trace"
chmod +x "$tmp/fakebin/gpugov-trace"
mkdev
check "ab: gpugov-trace stopped when the workload ends at once" \
	sh -c "PATH=\"$tmp/fakebin:\$PATH\" timeout 20 \"$ab\" --device gpu0 --governors gpugov \
		--seconds 5 --repeat 1 --settle 0 --out \"$tmp/rt\" -- true >/dev/null 2>&1 &&
	       [ -s \"$tmp/trace-stopped\" ]" && restored

mkdev
"$ab" --device gpu0 --governors gpugov:profile=battery --seconds 30 --repeat 1 --settle 0 \
	--out "$tmp/r5" -- sleep 30 >/dev/null 2>"$tmp/err" &
pid=$!
sleep 2
kill -TERM $pid
wait $pid
check "ab: SIGTERM, exit 143" [ $? -eq 143 ]
check "ab: ... restored, no output" sh -c "[ ! -e \"$tmp/r5\" ]" && restored
check "ab: ... its CMD stopped" sh -c "! pgrep -f 'sleep 30' -P $pid >/dev/null"

echo "1..$n"
echo "RESULT frames-cli: $((n - fail)) passed, $fail failed"
[ $fail -eq 0 ]
