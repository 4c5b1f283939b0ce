#!/bin/bash
# test_man_examples.sh BUILD PAGE... - the man pages name installed paths
# and their examples run.
#
# A page may not name a source-tree path of ours (tools/sim/..., docs/*.md,
# Documentation/ABI/.../*gpugov*): installed, those are /usr/share/gpugov
# and /usr/share/doc/gpugov-tools.  Every command of a page's EXAMPLES
# (.EX/.EE and .nf/.fi blocks; continuation lines joined) runs, in order,
# in one shell per page, in a scratch directory, with BUILD's tools first
# in PATH and the installed data mapped to the build tree:
# /usr/share/gpugov/{gpus,workloads} to tools/sim/, /usr/share/gpugov/sim
# to BUILD/sim-demo (make sim-demo), /usr/lib/gpugov to tools/boot/.
# A command that needs a GPU device or root (gpugov-trace, gpugov-status,
# bpftrace, modprobe, anything under /sys) is skipped with the rest of its
# block, which works on what it made.
set -u
build=$(cd "$1" && pwd)
shift
bin=
# shellcheck source-path=SCRIPTDIR source=tap.sh
. "$(dirname "$0")/tap.sh"
top=$(cd "$(dirname "$0")/../.." && pwd)

# The commands of PAGE's EXAMPLES, one a line; a blank line ends a block.
examples() {
	awk '
	/^\.SH / { ex = ($0 ~ /^\.SH EXAMPLES/) }
	ex && /^\.(EX|nf)$/ { in_b = 1; next }
	ex && /^\.(EE|fi)$/ { in_b = 0; print ""; next }
	in_b { print }' "$1" |
	sed -e 's/\\-/-/g' -e "s/\\\\(aq/'/g" -e 's/\\e/\\/g' |
	sed -e ':a' -e '/\\$/N; s/\\\n *//; ta'
}

map_installed() {
	sed -e "s|/usr/share/gpugov/gpus/|$top/tools/sim/gpus/|g" \
	    -e "s|/usr/share/gpugov/workloads/|$top/tools/sim/workloads/|g" \
	    -e "s|/usr/share/gpugov/sim/|$build/sim-demo/|g" \
	    -e "s|/usr/lib/gpugov/|$top/tools/boot/|g"
}

skipped=0
for page in "$@"; do
	pg=$(basename "$page")
	grep -nE 'tools/sim/|(^|[^/a-z])docs/[a-z-]+\.md|Documentation/ABI/[a-z/-]*gpugov' "$page" |
		grep -v '^[0-9]*:\.\\"' >"$tmp/src" || true
	check "$pg names no source-tree path of ours$( [ -s "$tmp/src" ] && echo ": $(head -n 3 "$tmp/src" | tr '\n' ' ')")" \
		[ ! -s "$tmp/src" ]

	examples "$page" | map_installed >"$tmp/ex"
	rm -rf "$tmp/run" && mkdir -p "$tmp/run"
	# One shell per page: variables set by one example line hold in the next.
	{
		echo "cd '$tmp/run' || exit 1"
		echo "PATH='$build':\$PATH"
		skip=
		while IFS= read -r cmd; do
			if [ -z "$cmd" ]; then
				skip=
				continue
			fi
			case $cmd in
			gpugov-trace*|gpugov-status*|bpftrace*|modprobe*|*/sys/*) skip=1 ;;
			esac
			q=$(printf '%s' "$cmd" | sed "s/'/'\\\\''/g")
			if [ -n "$skip" ]; then
				echo "echo 'skip - $q'"
			else
				echo "if { eval '$q'; } >/dev/null 2>'$tmp/err'; then echo 'ok - $q'; else echo 'not ok - $q'; sed 's/^/#   /' '$tmp/err'; fi"
			fi
		done <"$tmp/ex"
	} >"$tmp/script"
	bash "$tmp/script" >"$tmp/out" 2>&1
	ran=0
	while IFS= read -r line; do
		case $line in
		"ok - "*) ran=$((ran + 1)); check "$pg example: ${line#ok - }" true ;;
		"not ok - "*) ran=$((ran + 1)); check "$pg example: ${line#not ok - }" false ;;
		"skip - "*) n=$((n + 1)); skipped=$((skipped + 1)); echo "ok $n # SKIP $pg example needs a device: ${line#skip - }" ;;
		*) echo "$line" ;;
		esac
	done <"$tmp/out"
done

echo "1..$n"
echo "RESULT man-examples: $((n - fail - skipped)) passed, $fail failed, $skipped skipped"
[ "$fail" -eq 0 ]
