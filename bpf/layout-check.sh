#!/bin/sh
# layout-check.sh LAYOUT_DUMP MODULE.ko - the struct gpugov_dev mirror
# gpugov-trace was built with (bpf/trace_layout.c, printed by
# LAYOUT_DUMP) has the size and the member offsets that the module's
# DWARF shows (pahole).  TAP, ending in "RESULT bpf-layout: P passed,
# F failed".
set -eu
dump=${1:?usage: layout-check.sh LAYOUT_DUMP MODULE.ko}
ko=${2:?}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/gt-layout.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

"$dump" >"$tmp/mirror"
# pahole prints top-level members as "TYPE NAME[N];  /* OFFSET SIZE */"
# and the total as "/* size: N, cachelines: ... */".
pahole -C gpugov_dev "$ko" | awk '
/\/\* size: / { s = $3; sub(/,/, "", s); print "size " s; next }
/;[ \t]*\/\*[ \t]*[0-9]+[ \t]+[0-9]+[ \t]*\*\// {
	decl = $0; sub(/;.*/, "", decl); sub(/\[.*/, "", decl)
	n = split(decl, w, /[ \t*]+/)
	loc = $0; sub(/.*\/\*[ \t]*/, "", loc); split(loc, o, /[ \t]+/)
	print w[n] " " o[1]
}' >"$tmp/module"

n=0 f=0
while read -r name off; do
	got=$(awk -v m="$name" '$1 == m { print $2 }' "$tmp/module")
	if [ "$got" = "$off" ]; then
		n=$((n + 1)); echo "ok $((n + f)) - gpugov_dev $name: $off"
	else
		f=$((f + 1)); echo "not ok $((n + f)) - gpugov_dev $name: mirror $off, module ${got:-missing}"
	fi
done <"$tmp/mirror"
# Every member of the module is in the mirror (none added unseen).
extra=$(awk 'NR == FNR { seen[$1] = 1; next } !($1 in seen) { print $1 }' \
	"$tmp/mirror" "$tmp/module" | tr '\n' ' ')
if [ -z "$extra" ] && [ -s "$tmp/module" ]; then
	n=$((n + 1)); echo "ok $((n + f)) - no gpugov_dev member missing from the mirror"
else
	f=$((f + 1)); echo "not ok $((n + f)) - mirror lacks: ${extra:-(pahole printed nothing)}"
fi
echo "1..$((n + f))"
echo "RESULT bpf-layout: $n passed, $f failed"
[ "$f" -eq 0 ]
