#!/bin/sh
# demo.sh - `make demo`: gpugov against the kernel's simple_ondemand on a
# simulated GPU in a VM, in real time (DESIGN.md section 7a,
# docs/realtime.md).
#
# 1. gpugov-sim sweeps a suite application (every 25 000-instruction
#    segment at every OPP of a Fermi-like GPU); the device, as gpugov sees
#    it, has no Energy Model.
# 2. `gpugov-replay realtime` runs it as frames at 60 Hz, each segment a
#    frame, scaled so the mean frame takes DEMO_LOAD % of the period at the
#    top OPP, polled every 50 ms with panfrost's simple_ondemand (45/5), as
#    a board polls: every decision (--sequence) and every frame (--frames).
# 3. A QEMU guest running Debian's 6.1 kernel runs the same on gpugov_sim
#    in its real-time mode under the kernel's own simple_ondemand, under
#    gpugov as it ships (no tunable written), and at the top OPP; the
#    device logs every decision.
# 4. The host checks the kernel's decisions against the replay's, line by
#    line, prints janked frames and energy of both side by side (with
#    performance and the no-loss oracle for reference) and draws one
#    timeline per governor: the clock the kernel set against the frames.
# The per-frame governor matrix is `make bench-governors`.
#
# Environment: DEMO_APP (default iterative-solver), DEMO_LOAD (60).
set -eu

B=${BUILD:-build}
D=$B/demo
app=${DEMO_APP:-iterative-solver}
load=${DEMO_LOAD:-60}
gpu=tools/sim/gpus/fermi-15sm.gpu
kver=${VM_KVER:?set VM_KVER}
prof=panfrost
hz=60
rm -f "$D"/*.csv "$D"/*.png "$D"/*.txt "$D/guest.tap"
mkdir -p "$D/tests"
pass=0
fail=0
# check OK MESSAGE: count a host check, say it
check() {
	if [ "$1" = 1 ]; then
		pass=$((pass + 1))
		echo "ok - $2"
	else
		fail=$((fail + 1))
		echo "not ok - $2"
	fi
}

echo "== 1. simulate $app on $gpu"
mkdir -p "$D/sim"
"$B/gpugov-sim" sweep -g "$gpu" -w "tools/sim/workloads/apps/$app.wl" \
	--segment 25000 --scale 2 -o "$D/sim/$app.sweep" >"$D/sim.log"
tail -n 1 "$D/sim.log"
# The sweep as the device shows it to gpugov: OPPs with their voltages and
# no Energy Model (gpugov_sim registers none), so gpugov prices OPPs with
# its voltage model, in the kernel and in the replay alike.  The energy
# the run is charged stays the simulator's, segment by segment.
awk '$1 == "opp" { $5 = 0 } 1' "$D/sim/$app.sweep" >"$D/$app.sweep"
"$B/gpugov-simblob" "$D/$app.sweep" "$D/$app.blob"

echo "== 2. gpugov-replay realtime: frames at $hz Hz, ${load}% load, polled as $prof polls"
"$B/gpugov-replay" realtime --profile "$prof" --hz "$hz" --load "$load" \
	--start-opp 0 --csv --sequence "$D/replay-seq.csv" --frames "$D/frames.csv" \
	"$D/$app.sweep" >"$D/realtime.csv"
# gpugov as it ships on the guest's kernel, 6.1, which gives no fence
# deadlines: react fence then decides at the device's polls, the row
# without a deadline source (gpugov-default is the same given fences,
# Linux 6.4+ with the glue: shown from the replay alone)
gov=$(awk -F, 'NR > 1 { has[$2] = 1 }
	END { n = split("gpugov-crisp-deadline gpugov-busy-deadline gpugov-default", c, " ")
	      for (i = 1; i <= n; i++) if (c[i] in has) { print c[i]; exit } }' "$D/realtime.csv")
od=$(awk -F, 'NR > 1 && $2 ~ /^simple_ondemand-/ { print $2; exit }' "$D/realtime.csv")
if [ -z "$gov" ] || [ -z "$od" ]; then
	echo "demo: no gpugov default or simple_ondemand row in $D/realtime.csv" >&2
	exit 1
fi

echo "== 3. the same in real time in the guest: gpugov_sim under $od, $gov and at the top OPP"
cat >"$D/tests/demo" <<EOS
#!/bin/sh
exec /data/demo_guest /data/$app.blob "profile=$prof rt_hz=$hz rt_load=$load rt_segs_per_frame=1"
EOS
chmod +x "$D/tests/demo"
VM_NAME=demo VM_DIR=$B/vm VM_KVER=$kver tools/vm/vmtest.sh \
	--module gpugov.ko --module gpugov_sim.ko \
	--intree governor_simpleondemand \
	--test "$D/tests/demo" \
	--file "$D/demo_guest:/data/demo_guest" \
	--file "$D/$app.blob:/data/$app.blob" >"$D/guest.tap" || true
grep -E '^(not ok|RESULT)' "$D/guest.tap" || true
guest=$(sed -n 's/^RESULT demo: \([0-9]*\) passed, \([0-9]*\) failed$/\1 \2/p' "$D/guest.tap")
# shellcheck disable=SC2086 # two numbers
set -- ${guest:-0 1}
pass=$((pass + $1))
fail=$((fail + $2))
log=$B/vm/demo.log
[ -s "$log" ] || log=/dev/null

# the kernel's decisions as `realtime --sequence` writes them, named as
# the replay names the policy: the timelines show the kernel's clock
{
	echo "workload,policy,decision,time_ns,event,busy,total,opp"
	tr -d '\r' <"$log" | awk -v wl="$app" -v od="$od" -v gov="$gov" \
		'$1 == "#" && $2 == "demo-rt" && ($3 == "simple_ondemand" || $3 == "gpugov") {
			print wl "," ($3 == "gpugov" ? gov : od) "," $4 }'
} >"$D/kernel-seq.csv"
tr -d '\r' <"$log" | awk '$1 == "#" && $2 == "demo-rt-total" { print $3, $4, $5, $6 }' \
	>"$D/kernel-totals.txt"

echo "== 4. kernel against gpugov-replay"
for run in "simple_ondemand $od" "gpugov $gov"; do
	# shellcheck disable=SC2086 # the device's name, the replay's
	set -- $run
	k=$(awk -F, -v p="$2" '$2 == p { print $3 "," $4 "," $5 "," $6 "," $7 "," $8 }' "$D/kernel-seq.csv")
	r=$(awk -F, -v p="$2" '$2 == p { print $3 "," $4 "," $5 "," $6 "," $7 "," $8 }' "$D/replay-seq.csv")
	n=$(printf '%s\n' "$k" | grep -c . || true)
	check "$([ -n "$k" ] && [ "$k" = "$r" ] && echo 1)" \
		"kernel $1 = gpugov-replay realtime's $2, decision by decision ($n decisions)"
done

# kernel: janked/frames and energy relative to its own run at the top OPP;
# replay: the same from its table
awk -F, -v od="$od" -v gov="$gov" '
	FILENAME ~ /kernel-totals/ { split($0, k, " "); kf[k[1]] = k[2]; kj[k[1]] = k[3]; ke[k[1]] = k[4]; next }
	FNR > 1 { rj[$2] = $4; rf[$2] = $5; re[$2] = $3; order[++n] = $2 }
	END {
		km["performance"] = "performance"; km[od] = "simple_ondemand"; km[gov] = "gpugov"
		printf "%-24s %21s   %21s\n", "", "kernel (gpugov_sim)", "gpugov-replay"
		printf "%-24s %10s %10s   %10s %10s\n", "policy", "janked", "energy", "janked", "energy"
		for (i = 1; i <= n; i++) {
			p = order[i]
			if (p != "performance" && p != od && p != gov && p != "oracle-noloss" &&
			    p != "gpugov-default")
				continue
			g = km[p]
			if (g != "" && (g in kf) && ke["performance"] > 0)
				ks = sprintf("%10s %10.4f", kj[g] "/" kf[g], ke[g] / ke["performance"])
			else
				ks = sprintf("%10s %10s", "-", "-")
			printf "%-24s %s   %10s %10s\n", p, ks, rj[p] "/" rf[p], re[p]
		}
	}' "$D/kernel-totals.txt" "$D/realtime.csv" | tee "$D/table.txt"
echo "energy relative to performance (the top OPP), idle included; janked: frames done after the vsync that followed their arrival"
for p in "performance performance" "$od simple_ondemand" "$gov gpugov"; do
	# shellcheck disable=SC2086 # the replay's name, the device's
	set -- $p
	k=$(awk -v g="$2" '$1 == "performance" { top = $4 } $1 == g { f = $2; j = $3; e = $4 }
		END { if (top > 0 && j != "") printf "%s/%s %.4f", j, f, e / top }' "$D/kernel-totals.txt")
	r=$(awk -F, -v p="$1" '$2 == p { print $4 "/" $5, $3 }' "$D/realtime.csv")
	check "$([ -n "$k" ] && [ "$k" = "$r" ] && echo 1)" \
		"kernel $2 (janked/frames, energy): ${k:-?}; gpugov-replay: ${r:-?}"
done

echo "== 5. timelines: the clock the kernel set against the frames"
for p in "$od simple_ondemand" "$gov gpugov"; do
	# shellcheck disable=SC2086 # the replay's name, the device's
	set -- $p
	png=$D/timeline-$2.png
	check "$("$B/gpugov-replay" plot timeline "$D/frames.csv" --trace "$D/$app.sweep" \
		--sequence "$D/kernel-seq.csv" --policies "$1" --out "$png" && echo 1)" \
		"timeline of $1: $png"
done
echo "the replay's full table: $D/realtime.csv; the per-frame governor matrix: make bench-governors"
echo "demo: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
