#!/bin/sh
# 10_modprobe.sh - guest half of `make deb-install`: the gpugov.ko and
# gpugov_sim.ko that DKMS built from the gpugov-dkms package, and nothing
# else of ours, are in /lib/modules/KVER/extra.  They load by name with
# modprobe on the kernel they were built for, and gpugov becomes a
# governor a devfreq device offers and takes, as README's install
# section tells users to select it.
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
[ -n "$dev" ] && echo simple_ondemand >"$dev/governor" 2>/dev/null &&
	[ "$(cat "$dev/governor")" = simple_ondemand ]
report $? "and back to simple_ondemand"

rmmod gpugov_sim && rmmod gpugov && [ ! -d /sys/module/gpugov ]
report $? "gpugov_sim and gpugov unload"

echo "1..$n"
exit $failed
