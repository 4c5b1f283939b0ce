#!/bin/sh
# test_parse_log.sh - tools/vm/parse-log.sh judges a guest's serial log:
# a clean run passes, a kernel WARNING fails it, and the one kernel race it
# excuses (a debugfs open during rmmod, see its header) is excused only
# where the report's module list shows a module unloading.
set -u
bin=tools/vm/parse-log.sh
# shellcheck source-path=SCRIPTDIR source=tap.sh
. "$(dirname "$0")/tap.sh"

# log REPORT...: a guest log with one passing program and the kernel
# reports REPORT... (files of dmesg lines) in its kernel log
log() {
	printf '%s\n' "GPUGOV-VM: booted 6.1.0" "GPUGOV-VM: begin 10_x" \
		"ok 1 - x" "1..1" "GPUGOV-VM: end 10_x rc=0 s=1" \
		"GPUGOV-VM: dmesg begin" "[    1.000000] Linux version 6.1.0"
	cat "$@"
	printf '%s\n' "GPUGOV-VM: dmesg end" "GPUGOV-VM: all test programs passed"
}

# report MESSAGE MODULES: a WARNING report as 6.1 prints it
report() {
	printf '%s\n' "[   36.666513] ------------[ cut here ]------------" \
		"[   36.666599] $1" \
		"[   36.667188] WARNING: CPU: 0 PID: 115 at fs/debugfs/file.c:334 full_proxy_open+0x7f/0x1f0" \
		"[   36.667504] Modules linked in: $2" \
		"[   36.668125] RIP: 0010:full_proxy_open+0x7f/0x1f0" \
		"[   36.668700] Call Trace:" \
		"[   36.673457] ---[ end trace 0000000000000000 ]---"
}

judge() {	# judge LOG: parse-log's exit status, its TAP in $tmp/out
	sh "$bin" t "$1" 33 >"$tmp/out" 2>&1
}

race="debugfs file owner did not clean up at exit: status"
: >"$tmp/none"
report "$race" "gpugov(OE) gpugov_sim(OE-) governor_simpleondemand" >"$tmp/race"
report "$race" "gpugov(OE) gpugov_sim(OE) governor_simpleondemand" >"$tmp/left"
report "something else went wrong" "gpugov(OE) gpugov_sim(OE-)" >"$tmp/other"

log "$tmp/none" >"$tmp/clean.log"
check "a clean run passes" judge "$tmp/clean.log"
log "$tmp/race" >"$tmp/race.log"
check "the debugfs-open-during-rmmod race with a module unloading: passes" \
	judge "$tmp/race.log"
check "... and is reported as a diagnostic" \
	grep -q '^# dmesg: kernel race of a debugfs open with rmmod' "$tmp/out"
log "$tmp/left" >"$tmp/left.log"
check "the same message with no module unloading (a file left behind): fails" \
	sh -c "! sh $bin t $tmp/left.log 33 >/dev/null 2>&1"
log "$tmp/other" >"$tmp/other.log"
check "another WARNING while a module unloads: fails" \
	sh -c "! sh $bin t $tmp/other.log 33 >/dev/null 2>&1"
log "$tmp/race" "$tmp/other" >"$tmp/both.log"
check "the race, then another WARNING: fails" \
	sh -c "! sh $bin t $tmp/both.log 33 >/dev/null 2>&1"
head -n 3 "$tmp/race" >"$tmp/cut"
log "$tmp/cut" >"$tmp/cut.log"
check "a report cut short before its module list: fails" \
	sh -c "! sh $bin t $tmp/cut.log 33 >/dev/null 2>&1"

echo "1..$n"
echo "RESULT parse-log-check: $((n - fail)) passed, $fail failed"
[ "$fail" -eq 0 ]
