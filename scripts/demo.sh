#!/bin/sh
# demo.sh - `make demo`: gpugov against the kernel's simple_ondemand on a
# simulated GPU, in a VM.
#
# 1. gpugov-sim sweeps a suite application (every 25 000-instruction
#    segment at every OPP of a Fermi-like GPU) and `gpugov-replay pace`
#    turns it into frame-paced work at 60% load on the top OPP, so the GPU
#    idles part of each frame as an interactive GPU does.
# 2. A QEMU guest running Debian's kernel replays it on gpugov_sim under
#    the real simple_ondemand module and under gpugov (CRISP with the
#    default objective deadline, edp, ed2p, and energy with max_slowdown 5;
#    and the busy-only model with deadline on the device made stock, as an
#    unmodified driver is), logging the OPP of each frame.
# 3. The host costs the kernel's sequences with `gpugov-replay run
#    --external` next to max frequency, the per-frame oracle, and the same
#    policies computed offline, prints the table and draws the plots.
#
# 4. One run in real time (docs/realtime.md): the same sweep as frames at
#    60 Hz and the demo's load, polled every 50 ms with panfrost's
#    simple_ondemand thresholds (45/5), as a board polls it; janked frames
#    and energy of gpugov's default against that simple_ondemand.
#
# 5. The governor matrix (scripts/bench-governors.sh): every suite
#    application on both simulated GPUs, paced and back to back; the demo
#    prints its paced summary for the stock settings, the no-loss oracle,
#    gpugov's policy with a perfect model (accreac-deadline: what reacting
#    one frame late costs) and gpugov's default objective, since one
#    application is not the whole story, and the same for the busy-only
#    path on synthetic paced frames as a stock driver sees them.
#
# Environment: DEMO_APP (default iterative-solver), DEMO_LOAD (60).
set -eu

B=${BUILD:-build}
D=$B/demo
app=${DEMO_APP:-iterative-solver}
load=${DEMO_LOAD:-60}
gpu=tools/sim/gpus/fermi-15sm.gpu
kver=${VM_KVER:?set VM_KVER}
mkdir -p "$D/tests"

# The power model gpugov uses, matching the simulated GPU's description
# (tools/sim/gpus/fermi-15sm.gpu: P = 120 W * V^2 * f/GHz + 60 W * V +
# 30 W), and the idle power the pacing charges (leakage of a clock-gated
# GPU, 60 W * V, plus 10 W).
power="--dyn-uw 120000000 --static-uw 60000000 --uncore-uw 30000000 --idle-static-uw 60000000 --idle-uw 10000000"
tunables="power_dyn_uw=120000000 power_static_uw=60000000 power_uncore_uw=30000000 power_idle_static_uw=60000000 power_idle_uw=10000000"

echo "== 1. simulate $app on $gpu, pace it at ${load}% load"
"$B/gpugov-sim" sweep -g "$gpu" -w "tools/sim/workloads/apps/$app.wl" \
	--segment 25000 --scale 2 -o "$D/$app.sweep" >"$D/sim.log"
tail -n 1 "$D/sim.log"
"$B/gpugov-replay" pace --load "$load" --idle-static-uw 60000000 \
	--idle-uw 10000000 "$D/$app.sweep" "$D/$app.trace"
"$B/gpugov-simblob" "$D/$app.trace" "$D/$app.blob"
nseg=$(awk '/^r / { if ($2 + 1 > n) n = $2 + 1 } END { print n }' "$D/$app.trace")
echo "   $nseg frames"

echo "== 2. replay it in the guest under simple_ondemand and gpugov"
cat >"$D/tests/demo" <<EOS
#!/bin/sh
exec /data/demo_guest /data/$app.blob $nseg $tunables
EOS
chmod +x "$D/tests/demo"
VM_NAME=demo VM_DIR=$B/vm VM_KVER=$kver tools/vm/vmtest.sh \
	--module gpugov.ko --module gpugov_sim.ko \
	--intree governor_simpleondemand \
	--test "$D/tests/demo" \
	--file "$D/demo_guest:/data/demo_guest" \
	--file "$D/$app.blob:/data/$app.blob" | grep -E '^(not ok|RESULT)' || true
grep -q '^GPUGOV-VM: all test programs passed' "$B/vm/demo.log" || {
	echo "demo: the guest run failed, see $B/vm/demo.log" >&2
	exit 1
}

echo "workload,policy,segment,opp,core_khz,mem_khz" >"$D/kernel.csv"
sed -n 's/^# demo-seq //p' "$B/vm/demo.log" | tr -d '\r' |
	awk -v wl="$app" 'BEGIN { n = 0 } FNR == NR { if ($1 == "opp") { core[n] = $2; mem[n] = $3; n++ }; next }
		{ for (i = 2; i <= NF; i++)
			printf "%s,%s,%d,%d,%d,%d\n", wl, $1, i - 2, $i, core[$i], mem[$i] }' \
	"$D/$app.trace" - >>"$D/kernel.csv"

echo "== 3. cost every run on the simulated ground truth"
# shellcheck disable=SC2086
"$B/gpugov-replay" run --csv --power-model voltage $power --max-slowdown 5 \
	--predictor crisp --objective deadline --objective edp --objective ed2p \
	--objective energy --start-opp 0 --external "$D/kernel.csv" \
	--sequence "$D/offline.csv" "$D/$app.trace" >"$D/results.csv"
# shellcheck disable=SC2086
"$B/gpugov-replay" run --csv --power-model voltage $power --stock \
	--predictor busy --objective deadline --start-opp 0 \
	--sequence "$D/offline-stock.csv" "$D/$app.trace" >/dev/null
{
	printf "%-34s %8s %8s %8s %8s %10s\n" policy energy time EDP ED2P EDP/oracle
	awk -F, '$2 == "oracle-edp" { oe = $5 }
		NR > 2 && $2 !~ /^(static-|race-)/ { row[NR] = $0 }
		END {
			for (i in row) {
				split(row[i], f, ",")
				printf "%-34s %8.3f %8.3f %8.3f %8.3f %10.3f\n", f[2], f[3],
				       f[4], f[5], f[6], f[5] / oe
			}
		}' "$D/results.csv" | sort
} >"$D/table.txt"
echo "relative to max frequency (performance); EDP/oracle against the per-frame EDP oracle"
cat "$D/table.txt"

# kernel run, its offline sequence file, the offline policy
same=0
for run in "crisp-deadline offline gpugov-crisp-deadline" \
	"crisp-edp offline gpugov-crisp-edp" "crisp-ed2p offline gpugov-crisp-ed2p" \
	"crisp-energy offline gpugov-crisp-energy" \
	"busy-deadline-stock offline-stock gpugov-busy-deadline"; do
	set -- $run
	k=$(awk -F, -v p="kernel-gpugov-$1" '$2 == p { print $4 }' "$D/kernel.csv" | tr '\n' ' ')
	o=$(awk -F, -v p="$3" '$2 == p { print $4 }' "$D/$2.csv" | tr '\n' ' ')
	if [ "$k" = "$o" ]; then
		same=$((same + 1))
	else
		echo "note: kernel gpugov $1 differs from gpugov-replay's"
	fi
done
k=$(awk -F, '$2 == "kernel-simple_ondemand" { print $4 }' "$D/kernel.csv" | tr '\n' ' ')
o=$(awk -F, '$2 == "simple_ondemand-90/5" { print $4 }' "$D/offline.csv" | tr '\n' ' ')
echo "kernel gpugov = gpugov-replay, frame by frame: $same of 5 runs (busy-only on the stock device: gpugov-replay run --stock)"
if [ "$k" = "$o" ]; then
	echo "kernel simple_ondemand = gpugov-replay's reimplementation, frame by frame"
else
	echo "kernel simple_ondemand differs from gpugov-replay's reimplementation"
fi

cat "$D/kernel.csv" >"$D/plot.csv"
# the oracles of EDP and of the default objective (deadline: no loss)
awk -F, '$2 == "oracle-edp" || $2 == "oracle-deadline"' "$D/offline.csv" >>"$D/plot.csv"
"$B/gpugov-replay" plot freq "$D/plot.csv" --out "$D/freq.png"
"$B/gpugov-replay" plot energy "$D/results.csv" --out "$D/energy.png"
echo "plots: $D/freq.png (core clock per frame, a panel per policy), $D/energy.png (energy vs time)"

echo "== 4. in real time: $app as frames at 60 Hz, ${load}% load, polled as panfrost polls (50 ms, simple_ondemand 45/5)"
"$B/gpugov-replay" realtime --profile panfrost --hz 60 --load "$load" "$D/$app.sweep" |
	tee "$D/realtime.txt"
awk '$2 ~ /^simple_ondemand-/ { od = $2; oe = $3; oj = $4 }
	$2 == "gpugov-default" { g = $2; ge = $3; gj = $4 }
	END { printf "gpugov'"'"'s default (%s): %d janked frames, energy %s of performance; %s at the driver'"'"'s settings: %d janked, %s\n", g, gj, ge, od, oj, oe }' \
	"$D/realtime.txt"

echo "== 5. the governor matrix per frame: every suite app x both GPUs x 30/60/90% paced and back to back"
echo "   (the real-time matrix is make bench-governors' headline; docs/results.md)"
GOVBENCH_REALTIME=0 BUILD=$B scripts/bench-governors.sh >/dev/null
awk '/^== synthetic/ { print } /^== paced/ { on = 1; print; next } /^== / { on = 0 }
	on && (/^policy/ || /^simple_ondemand/ || /^oracle-deadline/ || /-deadline /)' \
	"$B/bench-governors/summary.txt"
echo "full summary: $B/bench-governors/summary.txt, heat map: $B/bench-governors/heatmap.png"
