#!/bin/bash
# test_drivers_guide.sh GUIDE - run the board owner's guide (docs/drivers.md)
# as printed: every "$ " command of every indented block marked
# "<!-- runnable -->", in order, in one shell, with stand-ins for the board
# (the names the guide sets first):
#
#   GPUGOV         a copy of this tree (what git tracks, plus untracked
#                  files it does not ignore), so the arm64 build of
#                  gpugov.ko leaves the tree alone
#   KVER           Debian's arm64 release of linux-source-6.12 (its
#                  version + "+deb12-arm64")
#   BOARD_CONFIG   Debian's arm64 configuration of that version, from the
#                  linux-config package make glue-prepare fetched
#   BOARD_SYMVERS  the Module.symvers of a tree make glue-prepare prepared
#                  (its kernel's exports, CRCs 0: that tree has no vmlinux)
#
# That Module.symvers is made from the tree's EXPORT_SYMBOL lines and
# misses what macros export (_dev_err, param_ops_uint, bpf_trace_run3...),
# which a board's real one lists: the run has KBUILD_MODPOST_WARN=1 in its
# environment (as glue-check builds), so modpost warns of those instead of
# failing; the modules' symbol versions are still checked.
#
# Then: panfrost.ko and gpugov.ko exist, for arm64, with the board's
# release in their vermagic and symbol versions.  Without a prepared 6.12
# tree (make glue-prepare) it prints one SKIP line.  Scratch space: about
# 2 GB under the cache, removed at the end.
set -u
guide=$1
here=$(cd "$(dirname "$0")/../.." && pwd)
cache=${GPUGOV_CACHE:-$HOME/.cache/gpugov}
n=0
fail=0
tap() {
	n=$((n + 1))
	if [ "$1" = ok ]; then
		echo "ok $n - $2"
	else
		fail=$((fail + 1))
		echo "not ok $n - $2"
	fi
}
# finish [SKIPPED]: the totals; a skipped check is neither passed nor
# failed (scripts/sum-results.sh adds the three up separately).
finish() {
	echo "1..$n"
	echo "RESULT guide-check: $((n - fail - ${1:-0})) passed, $fail failed${1:+, $1 skipped}"
	[ $fail -eq 0 ]
	exit
}

# The guide's runnable commands, one per line.
cmds=$(awk '/^<!-- runnable -->$/ { want = 1; next }
	    want && /^    / { inblk = 1; if (sub(/^    \$ /, "")) print; next }
	    want && inblk && !/^    / { want = inblk = 0 }' "$guide")

tree=
for d in "$cache"/glue/*/; do
	[ -e "$d.done" ] && grep -qx 'PATCHLEVEL = 12' "$d/tree/Makefile" 2>/dev/null &&
		[ -s "$d/tree/Module.symvers" ] && tree=$d/tree && break
done
cfgdeb=$(find "$cache/glue/apt/debs" -path '*/6.12-*/linux-config-6.12_*_arm64.deb' 2>/dev/null |
	sort | tail -n 1)
if [ -z "$tree" ] || [ -z "$cfgdeb" ] || [ ! -e /usr/src/linux-source-6.12.tar.xz ] ||
	! command -v aarch64-linux-gnu-gcc >/dev/null; then
	echo "ok 1 # SKIP no prepared linux-source-6.12 arm64 tree: run make glue-prepare (2 min)"
	n=1
	finish 1
fi
tap ok "the guide has $(echo "$cmds" | wc -l) runnable commands"

work=$cache/guide
rm -rf "$work"
mkdir -p "$work/run" "$work/gpugov"
trap 'rm -rf "$work"' EXIT
(cd "$here" && git ls-files -co --exclude-standard -z |
	rsync -a --from0 --files-from=- ./ "$work/gpugov/")
dpkg-deb --fsys-tarfile "$cfgdeb" |
	tar -xO --wildcards '*/config.arm64_none_arm64.xz' | xz -d >"$work/board.config"
cp "$tree/Module.symvers" "$work/board.symvers"
ver=$(dpkg-query -W -f='${Version}' linux-source-6.12)

# The commands run in one shell, each checked, so that cd and variables
# carry over as they do for a reader; the first failure stops the run.
{
	echo "export KBUILD_MODPOST_WARN=1"
	echo "GPUGOV=$work/gpugov KVER=${ver%%-*}+deb12-arm64"
	echo "BOARD_CONFIG=$work/board.config BOARD_SYMVERS=$work/board.symvers"
	echo "cd $work/run"
	i=1
	while IFS= read -r c; do
		i=$((i + 1))
		q=$(printf '%s' "$c" | sed "s/'/'\\\\''/g")
		printf 'if { %s\n} >>%s/log 2>&1; then echo "ok %d - %s"\n' "$c" "$work" "$i" "$q"
		printf 'else echo "not ok %d - %s"; tail -n 30 %s/log | sed "s/^/# /"; exit 1; fi\n' \
			"$i" "$q" "$work"
	done <<<"$cmds"
	# shellcheck disable=SC2016 # expanded by the generated script
	echo 'echo "KSRC=$KSRC"'
} >"$work/guide.sh"
out=$(nice -n 10 bash "$work/guide.sh")
status=$?
echo "$out" | grep -v '^KSRC='
n=$((n + $(echo "$out" | grep -c '^\(not \)\?ok ')))
fail=$((fail + $(echo "$out" | grep -c '^not ok ')))
[ $status -eq 0 ] || finish ""

ksrc=$(echo "$out" | sed -n 's/^KSRC=//p')
kver="${ver%%-*}+deb12-arm64"
for ko in "$ksrc/drivers/gpu/drm/panfrost/panfrost.ko" "$work/gpugov/gpugov.ko"; do
	name=${ko##*/}
	if file "$ko" | grep -q 'ELF 64-bit LSB relocatable, ARM aarch64' &&
		[ "$(modinfo -F vermagic "$ko" | cut -d' ' -f1)" = "$kver" ] &&
		[ -n "$(modprobe --dump-modversions "$ko" 2>/dev/null)" ]; then
		tap ok "$name: arm64, vermagic $kver, with symbol versions"
	else
		tap "not ok" "$name: arm64, vermagic $kver, with symbol versions"
		file "$ko" | sed 's/^/# /'
	fi
done
if [ -e "$ksrc/drivers/gpu/drm/panfrost/panfrost_gpugov.o" ]; then
	tap ok "panfrost.ko holds the glue (panfrost_gpugov.o)"
else
	tap "not ok" "panfrost.ko holds the glue (panfrost_gpugov.o)"
fi
finish ""
