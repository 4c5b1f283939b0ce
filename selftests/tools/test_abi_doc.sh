#!/bin/sh
# test_abi_doc.sh SYSFS_C DEBUGFS_C ABI_FILE... - the ABI files document
# exactly the files the sources create: every attribute of the sysfs
# group in SYSFS_C (gpugov_attrs[]) and every file debugfs_create_*()
# makes in DEBUGFS_C has a What: line, and every What: line under
# /sys/class/devfreq/<dev>/gpugov/ or /sys/kernel/debug/gpugov/ names one
# of them.  A host-side check of the sources; selftests/vm/45_abi.c checks
# the same against the loaded module.  Attribute kinds this script does
# not know fail it, so that it is taught rather than bypassed.  With
# GPUGOV7=PAGE, the man page gpugov(7) must name every documented file.
set -u
sysfs_c=$1
debugfs_c=$2
shift 2
# shellcheck source-path=SCRIPTDIR source=tap.sh
. "$(dirname "$0")/tap.sh"

# sysfs: the entries of gpugov_attrs[], one per line
awk '/^static struct attribute \*gpugov_attrs\[\]/ { on = 1; next }
     on && /NULL/ { exit }
     on {
	s = $0; gsub(/[ \t,]/, "", s)
	if (match(s, /^&gpugov_choice_[a-z0-9_]+\.attr\.attr$/))
		print substr(s, 16, length(s) - 25)
	else if (match(s, /^&gpugov_choice_[a-z0-9_]+\.available\.attr$/))
		print "available_" substr(s, 16, length(s) - 30) "s"
	else if (match(s, /^&gpugov_tunable_[a-z0-9_]+\.attr\.attr$/))
		print substr(s, 17, length(s) - 26)
	else if (match(s, /^&dev_attr_[a-z0-9_]+\.attr$/))
		print substr(s, 11, length(s) - 15)
	else if (s != "")
		print "UNPARSED:" s
     }' "$sysfs_c" | sort >"$tmp/sys.code"

# debugfs: files made by debugfs_create_*() other than directories; the
# ones whose parent is the module's root directory are top-level files
tr '\n' ' ' <"$debugfs_c" |
	grep -o 'debugfs_create_[a-z0-9_]*([^;]*;' |
	grep -v '^debugfs_create_dir(' |
	sed -n 's/^debugfs_create_[a-z0-9_]*( *"\([^"]*\)" *, *[^,]* *, *\([a-z_]*\).*/\2 \1/p' \
	>"$tmp/dbg.all"
awk '$1 == "gpugov_debugfs_root" { print $2 }' "$tmp/dbg.all" | sort >"$tmp/top.code"
awk '$1 != "gpugov_debugfs_root" { print $2 }' "$tmp/dbg.all" | sort >"$tmp/dbg.code"
ncalls=$(tr '\n' ' ' <"$debugfs_c" | grep -o 'debugfs_create_[a-z0-9_]*(' |
	grep -vc '^debugfs_create_dir(')

# the What: lines
sed -n 's/^What:[ \t]*//p' "$@" | sed 's/[ \t].*//' >"$tmp/what"
sed -n 's|^/sys/class/devfreq/<dev>/gpugov/\([^/][^/]*\)$|\1|p' "$tmp/what" | sort >"$tmp/sys.doc"
sed -n 's|^/sys/kernel/debug/gpugov/<dev>/\([^/][^/]*\)$|\1|p' "$tmp/what" | sort >"$tmp/dbg.doc"
sed -n 's|^/sys/kernel/debug/gpugov/\([^/<][^/]*\)$|\1|p' "$tmp/what" | sort >"$tmp/top.doc"
grep -v -e '^/sys/class/devfreq/<dev>/gpugov/[^/]*$' \
	-e '^/sys/kernel/debug/gpugov/<dev>/[^/]*$' \
	-e '^/sys/kernel/debug/gpugov/[^/]*$' "$tmp/what" >"$tmp/what.other"

check "sysfs: every gpugov_attrs[] entry understood ($(wc -l <"$tmp/sys.code") attributes)" \
	sh -c "! grep -q UNPARSED \"$tmp/sys.code\" && [ -s \"$tmp/sys.code\" ]"
grep UNPARSED "$tmp/sys.code" | sed 's/^/# /'
check "debugfs: every debugfs_create_*() call understood ($ncalls files)" \
	test "$ncalls" -eq "$(wc -l <"$tmp/dbg.all")" -a "$ncalls" -gt 0
check "every What: line is under the governor's sysfs or debugfs directories" \
	[ ! -s "$tmp/what.other" ]
sed 's/^/# not ours: /' "$tmp/what.other"
check "the directories themselves are documented" \
	sh -c "grep -qx '/sys/class/devfreq/<dev>/gpugov/' \"$tmp/what\" &&
	       grep -qx '/sys/kernel/debug/gpugov/<dev>/' \"$tmp/what\" &&
	       grep -qx '/sys/kernel/debug/gpugov/' \"$tmp/what\""

# compare KIND CODE DOC
compare() {
	for f in $(comm -23 "$2" "$3"); do
		check "$1 $f: created by the module but not documented" false
	done
	for f in $(comm -13 "$2" "$3"); do
		check "$1 $f: documented but not created by the module" false
	done
	for f in $(comm -12 "$2" "$3"); do
		check "$1 $f: created and documented" true
	done
}
compare sysfs "$tmp/sys.code" "$tmp/sys.doc"
compare debugfs "$tmp/dbg.code" "$tmp/dbg.doc"
compare "debugfs top-level" "$tmp/top.code" "$tmp/top.doc"

# gpugov(7) summarises them: each file is named there as a .B item
if [ -n "${GPUGOV7:-}" ]; then
	miss=$(sort -u "$tmp/sys.doc" "$tmp/dbg.doc" "$tmp/top.doc" |
		while read -r f; do
			grep -qx "\.B $f" "$GPUGOV7" || printf ' %s' "$f"
		done)
	check "$GPUGOV7 names every documented file${miss:+; not:$miss}" [ -z "$miss" ]
fi

echo "1..$n"
echo "RESULT abi-check: $((n - fail)) passed, $fail failed"
[ $fail -eq 0 ]
