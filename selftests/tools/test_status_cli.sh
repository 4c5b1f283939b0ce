#!/bin/sh
# test_status_cli.sh BINARY - gpugov-status against fake sysfs and debugfs
# trees (GPUGOV_STATUS_ROOT): a panfrost device running gpugov on the busy
# model with two tunables off their defaults, a lima device on
# simple_ondemand; the screen, --json, one device, debugfs missing, bad
# usage, and --report's tarball (dmesg, dpkg-query, gpugov-trace and, for
# the failure case, tar are stand-ins on PATH) written all or nothing.
# The defaults the fake tree holds are docs/governor.md's table, not the
# tool's.
bin=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
# shellcheck source-path=SCRIPTDIR source=tap.sh
. "$(dirname "$0")/tap.sh"

root=$tmp/root
df=$root/sys/class/devfreq
dbg=$root/sys/kernel/debug/gpugov
mkdir -p "$df" "$dbg" "$root/sys/devices/platform/fb000000.gpu" \
	"$root/sys/devices/platform/ff9a0000.gpu" "$root/sys/bus/platform/drivers/panfrost" \
	"$root/sys/bus/platform/drivers/lima"
ln -s ../../../bus/platform/drivers/panfrost "$root/sys/devices/platform/fb000000.gpu/driver"
ln -s ../../../bus/platform/drivers/lima "$root/sys/devices/platform/ff9a0000.gpu/driver"

put() {	# put DIR FILE VALUE...
	d=$1 f=$2
	shift 2
	mkdir -p "$d"
	printf '%s\n' "$*" >"$d/$f"
}
devfreq() {	# devfreq NAME GOVERNOR
	mkdir -p "$df/$1"
	ln -s "../../../devices/platform/$1" "$df/$1/device"
	put "$df/$1" governor "$2"
	put "$df/$1" available_governors "gpugov userspace powersave performance simple_ondemand"
	put "$df/$1" cur_freq 400000000
	put "$df/$1" min_freq 200000000
	put "$df/$1" max_freq 600000000
	put "$df/$1" available_frequencies 200000000 400000000 600000000 800000000
	put "$df/$1" polling_interval 50
}
devfreq fb000000.gpu gpugov
devfreq ff9a0000.gpu simple_ondemand

# gpugov's group, every tunable at docs/governor.md's default but util and
# power_dyn_uw.
g=$df/fb000000.gpu/gpugov
put "$g" predictor crisp
put "$g" available_predictors crisp crisp_l crit lead stall busy pcstall coremem
put "$g" objective deadline
put "$g" profile custom
for kv in max_slowdown:5 util:100 util_max:100 slack:1 hysteresis:0 frame_period_us:0 \
	react:fence target:100% power_dyn_uw:2100000 power_static_uw:800000 \
	power_uncore_uw:200000 power_idle_uw:0 power_idle_static_uw:0 \
	pcstall_entries:128 pcstall_shift:4 pcstall_age_half:8 coremem_gpu:gtx980; do
	put "$g" "${kv%%:*}" "${kv#*:}"
done
put "$g" power_model voltage

dd=$dbg/fb000000.gpu
mkdir -p "$dd"
cat >"$dd/decision" <<'EOF'
valid 1
cur 1
cur_khz 400000
best 2
chosen 2
chosen_khz 600000
reason best
predictor crisp
predictor_used busy
fallback 1
bounded 0
objective deadline
limit_ps 45000000000
spread_q16 0
allowed_lo 0
allowed_hi 2
allowed_hi_khz 600000
react off
deadline_source learned
frame_period_ns 0
learned_period_ns 16666666
next_vsync_ns 0
deadline_ns 0
EOF
printf 'valid 1\ninterval_ns 50000000\nbusy_ns 30000000\ncore_khz 400000\ncaps 0x0\n' >"$dd/sample"
printf 'ticks 0\nraises 0\ndecisions 1234\nfallbacks 1234\nsource_samples 0\nerrors 0\nlatency_max_ns 9000\n' >"$dd/stats"
cat >"$dd/opps" <<'EOF'
index khz uv power_uw time_ps energy_pj metric_q16 miss_q16 deadline_ps
0 200000 800000 1000000 0 0 0 0 0
1 400000 900000 2000000 0 0 0 0 0
2 600000 1000000 3000000 0 0 0 0 0
3 800000 1100000 4500000 0 0 0 0 0
EOF

export GPUGOV_STATUS_ROOT="$root"
has() { grep -qF -- "$1" "$tmp/out"; }

check "the status of every device exits 0" run 0
check "names the driver" has "driver          panfrost"
check "the model in use and why it fell back" \
	has "model           busy in use, crisp configured: fallback, crisp needs load_stall_cyc"
check "busy/total only is said" has "(busy/total only: no counter source)"
check "deadline source" has "deadline source learned"
check "OPP in force, chosen and allowed" sh -c "grep -q '^     >  1 .*400000.*yes' '$tmp/out' &&
	grep -q '^      \\* 2 .*600000.*yes' '$tmp/out' && grep -q '^        3 .*800000.*no' '$tmp/out'"
check "the last decision" has "last decision   OPP 2 (600000 kHz), best 2, reason best"
check "tunables off their defaults, with the defaults" \
	sh -c "grep -qF 'util = 100 (default 90)' '$tmp/out' &&
	       grep -qF 'power_dyn_uw = 2100000 (default 2000000)' '$tmp/out' &&
	       [ \$(grep -c '(default ' '$tmp/out') -eq 2 ]"
check "a device gpugov does not govern" sh -c "grep -q '^ff9a0000.gpu' '$tmp/out' &&
	grep -qF 'gpugov          not governing this device' '$tmp/out'"

check "one device: DEV" run 0 ff9a0000.gpu
check "only that one" sh -c "! grep -q fb000000 '$tmp/out'"
check "an unknown device: exit 1, named" sh -c "! '$bin' nosuch.gpu >'$tmp/out' 2>'$tmp/err';
	[ \$? -ne 2 ] && grep -q 'nosuch.gpu: no such devfreq device' '$tmp/err'"

check "--json exits 0" run 0 --json
check "--json is JSON with the values" python3 -c "
import json, sys
d = json.load(open('$tmp/out'))['devices']
a = {x['name']: x for x in d}
g = a['fb000000.gpu']
assert g['driver'] == 'panfrost' and g['gpugov'] and g['debugfs']
assert g['not_default'] == {'util': {'value': 100, 'default': 90},
                            'power_dyn_uw': {'value': 2100000, 'default': 2000000}}
assert g['decision']['predictor_used'] == 'busy' and g['tunables']['target'] == '100%'
assert [o['khz'] for o in g['opps']] == [200000, 400000, 600000, 800000]
assert g['fallback_why'].startswith('crisp needs ')
assert not a['ff9a0000.gpu']['gpugov'] and a['ff9a0000.gpu']['devfreq']['governor'] == 'simple_ondemand'
"

# All at their defaults, then debugfs gone.
put "$g" util 90
put "$g" power_dyn_uw 2000000
check "every tunable at docs/governor.md's default: none listed" \
	sh -c "'$bin' fb000000.gpu | grep -qF 'tunables        all at their defaults'"
mv "$dbg" "$tmp/debugfs.away"
check "debugfs missing: said, with the mount command" \
	sh -c "'$bin' fb000000.gpu | grep -qF 'mount -t debugfs none /sys/kernel/debug'"
mv "$tmp/debugfs.away" "$dbg"

check "an unknown option: exit 2" sh -c "'$bin' --frobnicate 2>'$tmp/err'; [ \$? -eq 2 ] &&
	grep -q 'unknown option: --frobnicate' '$tmp/err'"
check "--trace-seconds 601: exit 2" sh -c "'$bin' --report --trace-seconds 601 2>/dev/null; [ \$? -eq 2 ]"
check "two devices: exit 2" sh -c "'$bin' a b 2>/dev/null; [ \$? -eq 2 ]"
check "--json with --report: exit 2" sh -c "'$bin' --json --report 2>/dev/null; [ \$? -eq 2 ]"
check "--help: exit 0, usage on stdout" sh -c "'$bin' --help | grep -q '^Usage: gpugov-status'"
check "no /sys/class/devfreq: exit 1, the path named" \
	sh -c "GPUGOV_STATUS_ROOT='$tmp/none' '$bin' 2>'$tmp/err'; [ \$? -eq 1 ] &&
	grep -q '$tmp/none/sys/class/devfreq' '$tmp/err'"

# --report, with stand-ins for dmesg, dpkg-query and gpugov-trace.
sb=$tmp/bin
mkdir -p "$sb"
printf '#!/bin/sh\necho "[ 1.0] panfrost fb000000.gpu: gpugov counter source registered"\necho "[ 2.0] usb 1-1: new device"\necho "[ 3.0] gpugov: no counter map for GPU id 0x7093"\n' >"$sb/dmesg"
printf '#!/bin/sh\necho "gpugov-tools	0.1.0"\n' >"$sb/dpkg-query"
# gpugov-trace --record FILE -d DEV --duration N
# shellcheck disable=SC2016 # expanded by the stand-in
printf '#!/bin/sh\n[ "$1" = --record ] && [ "$3" = -d ] && [ "$5" = --duration ] && echo "trace of $4 for $6 s" >"$2"\n' >"$sb/gpugov-trace"
chmod +x "$sb"/*
mkdir -p "$tmp/rep"
check "--report writes the tarball" sh -c "cd '$tmp/rep' && PATH='$sb:$PATH' '$bin' --report --trace-seconds 2 >'$tmp/out'"
check "and says where" grep -q 'wrote gpugov-report.tar.gz' "$tmp/out"
tar -xzf "$tmp/rep/gpugov-report.tar.gz" -C "$tmp/rep" 2>/dev/null
r=$tmp/rep/gpugov-report
check "it holds status.txt and status.json" sh -c "grep -q '^fb000000.gpu' '$r/status.txt' &&
	python3 -m json.tool '$r/status.json' >/dev/null"
check "the kernel log's gpugov lines only" sh -c "[ \$(wc -l <'$r/dmesg.txt') -eq 2 ] &&
	! grep -q usb '$r/dmesg.txt'"
check "the versions" sh -c "grep -q '^gpugov-status: ' '$r/versions.txt' &&
	grep -q 'gpugov-tools	0.1.0' '$r/versions.txt' && grep -q '^uname: ' '$r/versions.txt'"
check "a recording of the device running gpugov, for the time asked" \
	sh -c "grep -qx 'trace of fb000000.gpu for 2 s' '$r/fb000000.gpu.trace' && [ ! -e '$r/ff9a0000.gpu.trace' ]"
rm -rf "$r"

# Without gpugov-trace: the report is written and says so.
rm "$sb/gpugov-trace"
check "no gpugov-trace: written all the same" sh -c "cd '$tmp/rep' && PATH='$sb:$PATH' '$bin' --report -o r2.tgz >/dev/null"
tar -xzf "$tmp/rep/r2.tgz" -C "$tmp/rep" 2>/dev/null
check "and the log says gpugov-trace is missing" \
	grep -q 'gpugov-trace is not installed' "$r/fb000000.gpu.trace.log"

# tar fails: the earlier report stays as it was, no partial file is left.
printf '#!/bin/sh\nexit 2\n' >"$sb/tar"
chmod +x "$sb/tar"
cp "$tmp/rep/r2.tgz" "$tmp/r2.before"
check "tar failing: exit 1" sh -c "cd '$tmp/rep' && PATH='$sb:$PATH' '$bin' --report -o r2.tgz 2>'$tmp/err' >/dev/null;
	[ \$? -eq 1 ] && grep -q 'r2.tgz: tar failed' '$tmp/err'"
check "the earlier report kept, nothing beside it" sh -c "cmp -s '$tmp/rep/r2.tgz' '$tmp/r2.before' &&
	[ -z \"\$(ls '$tmp/rep' | grep -v -e '^gpugov-report' -e '^r2.tgz\$')\" ]"
check "an unwritable destination: exit 1, named" sh -c "PATH='$sb:$PATH' '$bin' --report -o '$tmp/nodir/x.tgz' 2>'$tmp/err' >/dev/null;
	[ \$? -eq 1 ] && grep -q 'nodir/x.tgz' '$tmp/err'"

echo "1..$n"
echo "RESULT status-check: $((n - fail)) passed, $fail failed"
[ "$fail" -eq 0 ]
