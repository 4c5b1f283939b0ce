#!/bin/sh
# init.sh - /init of the test guest (busybox).
#
# Mounts the pseudo file systems, runs every executable in /tests in name
# order, each with its output on the console and its time in whole
# seconds on its end line, then prints the kernel log
# between markers, the success marker, and leaves QEMU through
# isa-debug-exit: code 0x10 when every test program exited 0, 0x11 when
# one did not.  The host runner (tools/vm/parse-log.sh) also checks the
# TAP lines and the kernel log itself, so a guest that never gets here
# (panic, hang) cannot pass.
#
# On a kernel with kmemleak (make vmtest-debug) what boot itself leaked is
# scanned and cleared before the tests, and a scan after them is printed
# between markers, with lockdep's debug_locks (0 once lockdep has turned
# itself off).  VM_TEST_TIMEOUT=S on the kernel command line (the kernel
# hands it to /init) gives each program S seconds instead of 600.
export PATH=/sbin:/bin:/usr/sbin:/usr/bin
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev 2>/dev/null
mount -t debugfs debugfs /sys/kernel/debug
mount -t tracefs tracefs /sys/kernel/tracing 2>/dev/null
mkdir -p /tmp && mount -t tmpfs tmpfs /tmp
# Keep the console for TAP: kernel messages go to the log read below,
# except emergencies (an oops still reaches the serial line at once).
echo 1 >/proc/sys/kernel/printk
echo /sbin/modprobe >/proc/sys/kernel/modprobe

kml=/sys/kernel/debug/kmemleak
if [ -e $kml ]; then
	echo scan >$kml
	echo clear >$kml
fi

echo "GPUGOV-VM: booted $(uname -r)"
status=0
for t in /tests/*; do
	[ -x "$t" ] || continue
	name=$(basename "$t")
	echo "GPUGOV-VM: begin $name"
	t0=$(cut -d. -f1 /proc/uptime)
	timeout "${VM_TEST_TIMEOUT:-600}" "$t"
	rc=$?
	echo "GPUGOV-VM: end $name rc=$rc s=$(($(cut -d. -f1 /proc/uptime) - t0))"
	[ $rc -eq 0 ] || status=1
done
# kmemleak reports objects older than 5 s found unreferenced by the last
# scan: the second scan drops those only transiently unreferenced.
if [ -e $kml ]; then
	sleep 6
	echo scan >$kml
	sleep 1
	echo scan >$kml
	echo "GPUGOV-VM: kmemleak begin"
	cat $kml
	echo "GPUGOV-VM: kmemleak end"
fi
[ ! -e /proc/lockdep_stats ] ||
	echo "GPUGOV-VM: debug_locks $(awk '/debug_locks:/ { print $2 }' /proc/lockdep_stats)"
echo "GPUGOV-VM: dmesg begin"
dmesg
echo "GPUGOV-VM: dmesg end"
sync
if [ $status -eq 0 ]; then
	echo "GPUGOV-VM: all test programs passed"
	/bin/vm-exit 0x10
else
	echo "GPUGOV-VM: some test program failed"
	/bin/vm-exit 0x11
fi
# vm-exit failed (no isa-debug-exit device): power off, which the
# runner treats as a failure because the exit status is 0.
poweroff -f
