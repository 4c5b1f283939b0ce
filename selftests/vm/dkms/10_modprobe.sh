#!/bin/sh
# 10_modprobe.sh - guest half of `make deb-install`: the gpugov.ko and
# gpugov_sim.ko that DKMS built from the gpugov-dkms package, and nothing
# else of ours, are in /lib/modules/KVER/extra.  They load by name with
# modprobe on the kernel they were built for, and gpugov becomes a
# governor a devfreq device offers and takes, as README's install
# section tells users to select it.  With the packaged demo blob
# (gpugov-tools' /usr/share/gpugov/sim/phase-alternating.blob, at
# /sim-demo.blob in the guest) replaying, as gpugov-simblob(1) tells,
# gpugov decides on the replayed work and moves the clock.
n=0
failed=0
report() {
	n=$((n + 1))
	if [ "$1" = 0 ]; then
		echo "ok $n - $2"
	else
		echo "not ok $n - $2"
		failed=1
	fi
}

kver=$(uname -r)
for m in gpugov gpugov_sim; do
	vm=$(modinfo -F vermagic "$m" 2>/dev/null)
	case "$vm" in "$kver "*) r=0 ;; *) r=1 ;; esac
	report $r "$m.ko was built for the running kernel $kver (vermagic: $vm)"
done

modprobe governor_simpleondemand
report $? "modprobe governor_simpleondemand"
modprobe gpugov
report $? "modprobe gpugov"
[ -d /sys/module/gpugov ]
report $? "/sys/module/gpugov exists"
modprobe gpugov_sim
report $? "modprobe gpugov_sim"

dev=
for d in /sys/class/devfreq/*; do
	grep -qw gpugov "$d/available_governors" 2>/dev/null && { dev=$d; break; }
done
[ -n "$dev" ]
report $? "a devfreq device lists gpugov in available_governors (${dev:-none}: $(cat "$dev/available_governors" 2>/dev/null))"

[ -n "$dev" ] && echo gpugov >"$dev/governor" 2>/dev/null &&
	[ "$(cat "$dev/governor")" = gpugov ]
report $? "echo gpugov > $dev/governor selects it"
# The last line of trans_stat: "Total transition : N".
transitions() {
	sed -n 's/^Total transition : *//p' "$dev/trans_stat" 2>/dev/null
}
# The value of "KEY VALUE" line KEY of debugfs file $1.
field() {
	sed -n "s/^$2[[:space:]][[:space:]]*//p" "$1" 2>/dev/null | head -n 1
}
if [ -e /sim-demo.blob ]; then
	dbg=/sys/kernel/debug/gpugov_sim/${dev##*/}
	gdbg=/sys/kernel/debug/gpugov/${dev##*/}
	cat /sim-demo.blob >"$dbg/trace" && echo 1 >"$dbg/loop" &&
		echo 1 >"$dbg/run"
	report $? "the packaged demo blob replays on ${dev##*/} (loop, run)"
	d0=$(field "$gdbg/stats" decisions)
	t0=$(transitions)
	sleep 2
	d1=$(field "$gdbg/stats" decisions)
	t1=$(transitions)
	insts=$(field "$gdbg/sample" insts)
	[ -n "$d0" ] && [ -n "$d1" ] && [ "$d1" -gt "$d0" ] &&
		[ -n "$insts" ] && [ "$insts" -gt 0 ]
	report $? "gpugov decides on the demo's work (decisions ${d0:-?} -> ${d1:-?} in 2 s, last sample ${insts:-?} instructions)"
	# The demo is paced to half the top OPP's speed: gpugov moves the clock.
	[ -n "$t0" ] && [ -n "$t1" ] && [ "$t1" -gt "$t0" ]
	report $? "gpugov moves the clock on the demo (transitions ${t0:-?} -> ${t1:-?} in 2 s; last decision: chosen $(field "$gdbg/decision" chosen), reason $(field "$gdbg/decision" reason))"
	echo 0 >"$dbg/run"
fi
[ -n "$dev" ] && echo simple_ondemand >"$dev/governor" 2>/dev/null &&
	[ "$(cat "$dev/governor")" = simple_ondemand ]
report $? "and back to simple_ondemand"

rmmod gpugov_sim && rmmod gpugov && [ ! -d /sys/module/gpugov ]
report $? "gpugov_sim and gpugov unload"

echo "1..$n"
exit $failed
