#!/bin/sh
# test_boot_apply.sh SCRIPT ABI_FILE - tools/boot/gpugov-apply on a fake
# sysfs tree (GPUGOV_SYSFS, GPUGOV_CONF: its test-only overrides): a
# device name that would leave the device's directory ('.', '..') is
# refused before anything is written; a CRLF file applies its values
# without the CR; a misspelt key is named as unknown, with the accepted
# ones, which are the (RW) files of ABI_FILE; --check names FILE:LINE
# and writes nothing; --now applies to every device; a refused write
# names the accepted values; --help.  (That governor= goes first,
# wherever its line is, needs the real gpugov/ directory to appear:
# selftests/vm/44_udev.c.)
set -u
bin=$1
abi=$2
# shellcheck source-path=SCRIPTDIR source=tap.sh
. "$(dirname "$0")/tap.sh"

sys=$tmp/sys
dev=$sys/class/devfreq
export GPUGOV_SYSFS="$sys" GPUGOV_CONF="$tmp/gpugov.conf"

# tree: two devices, a.gpu on gpugov (with some of its files), b.gpu on
# simple_ondemand; the files empty
tree() {
	rm -rf "$sys" && mkdir -p "$dev/a.gpu/gpugov" "$dev/b.gpu" &&
	: >"$dev/a.gpu/governor" && : >"$dev/b.gpu/governor" &&
	for f in profile util hysteresis slack; do : >"$dev/a.gpu/gpugov/$f"; done &&
	echo "battery balanced performance" >"$dev/a.gpu/gpugov/available_profiles" &&
	echo "simple_ondemand gpugov" >"$dev/a.gpu/available_governors"
}
# snap FILE: the tree's files and their contents, to see that nothing
# changed; unchanged: the tree is as snap $tmp/before saw it
snap() {
	(cd "$sys" && find . | sort && find . -type f | sort | xargs cat) >"$1"
}
unchanged() {
	snap "$tmp/after" && cmp -s "$tmp/before" "$tmp/after"
}
refused_unchanged() {
	[ "$1" -eq 2 ] && unchanged
}
# conf FORMAT: the configuration file, FORMAT's escapes (\r\n) made bytes
conf() {
	# shellcheck disable=SC2059 # the format is the text
	printf "$1" >"$GPUGOV_CONF"
}

tree
conf '* governor=gpugov profile=battery\n'
mkdir -p "$sys/class/gpugov" && : >"$sys/class/governor" && : >"$dev/governor"
snap "$tmp/before"
for name in . .. ../x "" -x; do
	"$bin" "$name" >"$tmp/out" 2>"$tmp/err"
	rc=$?
	check "device '$name' with a '*' line: refused, exit 2, nothing written" \
		refused_unchanged "$rc"
done
"$bin" .. 2>"$tmp/err" >/dev/null
check "device '..': the message names it" grep -q "'\.\.' is no devfreq device name" "$tmp/err"

tree
conf '# saved on another system\r\na.gpu governor=gpugov profile=battery util=90\r\n'
check "CRLF line endings: applied, exit 0" run 0 a.gpu
check "CRLF line endings: the values have no CR" \
	sh -c "[ \"\$(od -An -c \"$dev/a.gpu/gpugov/profile\" | tr -d ' ')\" = 'battery\\n' ] &&
	       [ \"\$(cat \"$dev/a.gpu/governor\")\" = gpugov ] && [ \"\$(cat \"$dev/a.gpu/gpugov/util\")\" = 90 ]"

tree
conf 'a.gpu profile=balanced utl=90 slack=5\n'
check "a misspelt key: exit 1" run 1 a.gpu
check "a misspelt key: named as unknown, with the accepted keys" \
	grep -q "gpugov.conf:1: unknown setting 'utl' (accepted: governor, predictor, .*util, .*target)" "$tmp/err"
check "a misspelt key: the line's other settings still applied" \
	sh -c "[ \"\$(cat \"$dev/a.gpu/gpugov/profile\")\" = balanced ] && [ \"\$(cat \"$dev/a.gpu/gpugov/slack\")\" = 5 ]"

# The keys the script takes are the (RW) files of gpugov/ in the ABI file.
abi_keys=$(awk '/^What:/ { n = $2; sub(/.*\/gpugov\//, "", n); d = 0; next }
		/^Description:/ { d = 1; next }
		d { if (n != "" && $1 == "(RW)") print n; d = 0 }' "$abi" | sort | tr '\n' ' ')
script_keys=$(sed -n 's/.*unknown setting .utl. (accepted: \(.*\))$/\1/p' "$tmp/err" |
	tr -d ',' | tr ' ' '\n' | grep -vx governor | sort | tr '\n' ' ')
check "the accepted keys are the (RW) files of $(basename "$abi") ($abi_keys)" \
	[ -n "$abi_keys" ] && [ "$abi_keys" = "$script_keys" ]

tree
conf 'a.gpu governor=gpugov\nb.gpu util=abc\n*.gpu slack=\nx/y util=1\na.gpu notakey\n* target=50%% target=5%%5\nprofile=battery\n'
snap "$tmp/before"
check "--check FILE with errors: exit 1" run 1 --check "$GPUGOV_CONF"
check "--check: every error with FILE:LINE" \
	sh -c "grep -q 'gpugov.conf:2: util=abc: not a decimal number' \"$tmp/err\" &&
	       grep -q 'gpugov.conf:3: slack=: an empty value' \"$tmp/err\" &&
	       grep -q \"gpugov.conf:4: 'x/y' is no device name\" \"$tmp/err\" &&
	       grep -q \"gpugov.conf:5: 'notakey' is not SETTING=VALUE\" \"$tmp/err\" &&
	       grep -q 'gpugov.conf:6: target=5%5: not N or N%' \"$tmp/err\" &&
	       grep -q \"gpugov.conf:7: 'profile=battery': a setting where the DEVICE belongs\" \"$tmp/err\" &&
	       ! grep -q 'target=50%:' \"$tmp/err\" && [ \$(wc -l <\"$tmp/err\") -eq 6 ]"
check "--check: nothing written" unchanged
conf '# nothing wrong\n*.gpu governor=gpugov profile=battery target=250000000 # x\r\n'
check "--check on a valid file: exit 0, says so" \
	sh -c "\"$bin\" --check \"$GPUGOV_CONF\" 2>&1 | grep -q 'no error\$'"
check "--check on a missing file: exit 2" run 2 --check "$tmp/none.conf"

tree
conf '*.gpu governor=gpugov\na.gpu profile=performance\n'
check "--now: exit 0" run 0 --now
check "--now: each device's governor written, and a.gpu's profile" \
	sh -c "[ \"\$(cat \"$dev/a.gpu/governor\")\" = gpugov ] && [ \"\$(cat \"$dev/b.gpu/governor\")\" = gpugov ] &&
	       [ \"\$(cat \"$dev/a.gpu/gpugov/profile\")\" = performance ]"
conf '*.gpu governor=gpugov\n'
tree
check "--now: every device set, exit 0" \
	sh -c "\"$bin\" --now && [ \"\$(cat \"$dev/b.gpu/governor\")\" = gpugov ]"
tree
check "b.gpu without gpugov/: the setting not set, named" \
	sh -c "printf 'b.gpu util=90\n' >\"$GPUGOV_CONF\"; \"$bin\" b.gpu 2>&1 | grep -q 'b.gpu: util not set: no gpugov/'"

tree
rm "$dev/a.gpu/gpugov/profile" && mkdir "$dev/a.gpu/gpugov/profile"
conf 'a.gpu profile=fast\n'
check "a refused write: exit 1, the accepted values named" \
	sh -c "\"$bin\" a.gpu 2>&1 | grep -q 'a.gpu: profile=fast refused (accepted: battery balanced performance)'"
check "no such device: exit 2" run 2 c.gpu
check "--help: usage on stdout, exit 0" sh -c "\"$bin\" --help | grep -q '^usage: gpugov-apply'"
check "no argument: exit 2" run 2
rm -f "$GPUGOV_CONF"
check "no configuration file: nothing to do, exit 0" run 0 a.gpu

echo "1..$n"
echo "RESULT boot-check: $((n - fail)) passed, $fail failed"
[ "$fail" -eq 0 ]
