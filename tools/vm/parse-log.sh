#!/bin/sh
# parse-log.sh NAME LOG QEMU_STATUS - judge one guest run, print TAP.
#
# Renumbers the TAP lines of every guest test program into one stream,
# adds the checks of the run itself (each program exited 0 and printed a
# plan matching its tests, the success marker is there, QEMU exited with
# the guest's success code, and the kernel log has no oops, BUG, WARNING
# or panic), and ends with "RESULT NAME: P passed, F failed".  Exits 1
# if anything failed.
#
# One kernel WARNING is a race of the kernel's own, not a fault of the
# module under test, and is reported as a diagnostic instead: "debugfs
# file owner did not clean up at exit" while the file's module is being
# unloaded.  delete_module() drops the module's last reference
# (try_release_module_ref()) before it marks the module GOING
# (try_stop_module(), kernel/module/main.c in 6.1); a debugfs open in
# between fails try_module_get() on a module that still reads as live,
# and full_proxy_open() (fs/debugfs/file.c) warns.  The stress test
# 20_modcycle opens gpugov_sim's files while it is unloaded on purpose
# (once in about 15 clean runs on 6.1).  Only a report whose module list
# shows a module unloading ("(OE-)") is excused: a module that really left
# a file behind at exit is no longer in that list.
#
# The kernel log checks take the reports of a debug kernel too (KASAN,
# UBSAN, lockdep, might_sleep, kmemleak), which a stock kernel never
# prints.  VM_DEBUG_CHECKS=1 (make vmtest-debug) adds three checks that
# the debug kernel really checked: KASAN initialized, the kmemleak scan at
# the end printed and empty, lockdep still on (debug_locks 1) at the end.
set -eu
name=${1:?usage: parse-log.sh NAME LOG QEMU_STATUS}
log=${2:?}
qstatus=${3:?}

tr -d '\r' <"$log" | awk -v name="$name" -v qstatus="$qstatus" \
	-v debugk="${VM_DEBUG_CHECKS:-0}" '
function check(cond, what) {
	n++
	if (cond) { pass++; print "ok " n " - " what }
	else { fail++; print "not ok " n " - " what }
}
function bad_kernel_line(l) {
	return l ~ /(Oops|BUG:|WARNING:|Kernel panic|kernel BUG|general protection fault|Call Trace:|UBSAN:|list_(add|del) corruption|stack-protector|RIP: [0-9a-f]+:|refcount_t:|KASAN)/ ||
	       l ~ /(possible (circular|recursive) locking|inconsistent lock state|sleeping function called from invalid context|DEBUG_LOCKS_WARN_ON|turning off the locking correctness validator|unreferenced object 0x|suspected memory leaks|Kernel memory leak detector disabled|Memory pool empty)/
}
/^GPUGOV-VM: booted/ { booted = 1; next }
/^GPUGOV-VM: begin / { prog = $3; plan = -1; count = 0; next }
/^GPUGOV-VM: end / {
	rc = $4; sub(/^rc=/, "", rc)
	secs = $5; sub(/^s=/, "", secs)
	if (secs != "") print "# " prog ": ran " secs " s"
	check(rc == 0, prog ": exited 0 (status " rc ")")
	check(plan == count && count > 0, prog ": plan 1.." plan " matches " count " tests")
	prog = ""; next
}
/^GPUGOV-VM: kmemleak begin/ { inleak = 1; next }
/^GPUGOV-VM: kmemleak end/ { inleak = 0; leak_seen = 1; next }
inleak {
	if ($0 ~ /^unreferenced object/) leaks++
	if (++leakl <= 60) print "# kmemleak: " $0
	next
}
/^GPUGOV-VM: debug_locks / { debug_locks = $3; next }
/^GPUGOV-VM: dmesg begin/ { indmesg = 1; next }
/^GPUGOV-VM: dmesg end/ { indmesg = 0; dmesg_seen = 1; inrep = 0; judge_report(); next }
/^GPUGOV-VM: all test programs passed/ { marker = 1; next }
function dmesg_line(l) {
	if (l ~ /KernelAddressSanitizer initialized/) kasan = 1
	if (bad_kernel_line(l)) { badk++; if (badk <= 40) print "# dmesg: " l }
}
# A report of the kernel race described at the top: the message, and a
# module unloading ("(OE-)") in its module list.
function judge_report(   i, msg, going) {
	for (i = 1; i <= nrep; i++) {
		msg = msg || rep[i] ~ /debugfs file owner did not clean up at exit/
		going = going || rep[i] ~ /Modules linked in:.*\([A-Z]*-\)/
	}
	if (msg && going) {
		print "# dmesg: kernel race of a debugfs open with rmmod (no fault of the module): " rep[2]
		nrep = 0
		return
	}
	for (i = 1; i <= nrep; i++)
		dmesg_line(rep[i])
	nrep = 0
}
indmesg && /-----\[ cut here \]-----/ { inrep = 1 }
indmesg && inrep {
	rep[++nrep] = $0
	if ($0 ~ /---\[ end trace /) { inrep = 0; judge_report() }
	next
}
indmesg { dmesg_line($0); next }
bad_kernel_line($0) { badc++; if (badc <= 40) print "# console: " $0 }
prog != "" && /^(not )?ok [0-9]+/ {
	count++
	ok = ($1 == "ok")
	line = $0
	sub(/^(not )?ok [0-9]+/, "", line)
	sub(/^ *- */, "", line)
	check(ok, prog ": " line)
	next
}
prog != "" && /^1\.\.[0-9]+/ { plan = substr($1, 4) + 0; next }
prog != "" && /^#/ { print; next }
END {
	check(booted, "guest booted")
	check(dmesg_seen, "guest printed its kernel log")
	check(badk == 0 && badc == 0, "kernel log free of oops/BUG/WARNING/panic")
	if (debugk) {
		check(kasan, "debug kernel: KASAN initialized")
		check(leak_seen && leaks == 0, "debug kernel: kmemleak scan at the end found " leaks + 0 " unreferenced objects")
		check(debug_locks == "1", "debug kernel: lockdep still on at the end (debug_locks " debug_locks ")")
	}
	check(marker, "guest success marker")
	check(qstatus == 33, "QEMU exit status 33 (guest reported success), got " qstatus)
	print "1.." n
	print "RESULT " name ": " pass + 0 " passed, " fail + 0 " failed"
	exit fail > 0
}'
