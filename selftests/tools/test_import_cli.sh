#!/bin/sh
# test_import_cli.sh BINARY - `gpugov-replay import` never loses data
# silently and never writes a trace its own reader refuses; `accuracy`
# says which models it cannot score.  Fixtures: selftests/tools/import/
# (tiny synthetic CSVs, one defect each); inputs of a size a recording
# can reach are generated here and must import in time and memory linear
# in their size.
set -u
bin=$1
here=$(dirname "$0")
fx=$here/import
# shellcheck source-path=SCRIPTDIR source=tap.sh
. "$here/tap.sh"

# imp FIXTURE [ARGS...]: import csv FIXTURE into $tmp/FIXTURE-stem
imp() {
	f=$1
	shift
	out=$tmp/$(basename "$f" .csv)
	"$bin" import csv "$fx/$f" --out "$out" "$@" >"$tmp/out" 2>"$tmp/err"
}
status() { [ "$1" -eq "$2" ]; }
says() { grep -q -- "$1" "$tmp/err"; }
absent() { [ ! -e "$1" ]; }
# imp_says TEST FIXTURE STATUS PATTERN: import exits STATUS, stderr matches
imp_says() {
	imp "$2"
	st=$?
	check "$1" sh -c "[ $st -eq $3 ] && grep -q \"$4\" \"$tmp/err\""
}

# ---- values the reader refuses or a field cannot hold ----
imp busy-over.csv; st=$?
check "busy_ns longer than the interval refused, exit 2" status $st 2
check "busy_ns error names file, line and column" says "busy-over.csv:3: column 'busy_ns'"
check "busy_ns error writes nothing" absent "$tmp/busy-over"

imp busy-first.csv
check "busy_ns before time_ms in the header is kept" \
	grep -q '^r 0 0 1000000 500000 500000' "$tmp/busy-first/k.trace"

imp power-wrap.csv; st=$?
check "power above 4294.967295 W refused (it wrapped mod 2^32 uW), exit 2" status $st 2
check "power error names file, line and column" says "power-wrap.csv:2: column 'power_w'"

imp power-huge.csv; st=$?
check "power 1e300 refused as out of range, not a write error" \
	sh -c "[ $st -eq 2 ] && grep -q \"power-huge.csv:2: column 'power_w'.*out of range\" \"$tmp/err\""
check "power 1e300: no partial trace left" absent "$tmp/power-huge"

imp time-huge.csv; st=$?
check "time_ms 1e300 refused (it became 2^63 ns), exit 2" status $st 2
check "time error names file, line and column" says "time-huge.csv:3: column 'time_ms'"

imp_says "an energy (power x time) above 2^64 pJ refused, naming the line" energy-huge.csv 2 \
	"energy-huge.csv:3: power 1000 W for 1e11 ms"
imp time-hex.csv; st=$?
check "hex time_ms (strtod accepts 0x1p0) refused, exit 2" status $st 2

# ---- nvdvfs: counts are checked, not clamped or wrapped ----
nv() {	# nv NAME SED: the nvdvfs fixture with line 3 edited
	sed "3s/$2/" "$fx/nvdvfs.csv" >"$tmp/$1.csv"
	"$bin" import nvdvfs "$tmp/$1.csv" --out "$tmp/$1" >"$tmp/out" 2>"$tmp/err"
}
nv nv-good 'x/x'; st=$?
check "nvdvfs fixture imports, with power" \
	sh -c "[ $st -eq 0 ] && grep -q '^opp 1000000 1000000 0 80000000' \"$tmp/nv-good/app-kern-input00.trace\""
nv_refused() {	# nv_refused TEST NAME SED COLUMN: exit 2, naming line 3 and COLUMN
	nv "$2" "$3"
	st=$?
	check "$1" sh -c "[ $st -eq 2 ] && grep -q \"$2.csv:3: column '$4'\" \"$tmp/err\""
}
nv_refused "nvdvfs: a negative count refused (it became 0), naming the column" \
	nv-neg ',1000,200,500,/,-1000,200,500,' l2_read_transactions
nv_refused "nvdvfs: a count above 2^64 refused (it became 2^63)" \
	nv-huge ',800,200,30.5/,1e30,200,30.5' gld_transactions
nv_refused "nvdvfs: power 5000 W refused (it wrapped)" nv-power ',30.5,80$/,30.5,5000' power/W
nv_refused "nvdvfs: achieved_occupancy above 1 refused" nv-occ ',64,0.5,/,64,1.5,' achieved_occupancy
nv_refused "nvdvfs: a negative launch shape refused (%lu made it 2^64 - 8)" \
	nv-shape ',(8 1 1) (256 1 1),64,/,(-8 1 1) (256 1 1),,' blocks
nv_refused "nvdvfs: text after the launch shape refused" \
	nv-shape2 ',(8 1 1) (256 1 1),64,/,(8 1 1) (256 1 1) x,,' blocks
nv nv-shape3 ',(8 1 1) (256 1 1),64,/,(8 1 1) (100 1 1),,'
check "nvdvfs: warps from the launch shape, 8 blocks of ceil(100 / 32) = 4 warps" \
	grep -q '^r 0 1 1200000 1200000 1000000 1000000 .* 32 32768 ' "$tmp/nv-shape3/app-kern-input00.trace"
nv nv-gap ',30.5,80$/,30.5,'; st=$?
check "nvdvfs: an empty power cell drops power with a warning naming the line" \
	sh -c "[ $st -eq 0 ] && grep -q \"warning: .*nv-gap.csv: column 'power/W' is empty on line 3 \" \"$tmp/err\" && \
	       grep -q '^opp 1000000 1000000 0 0' \"$tmp/nv-gap/app-kern-input00.trace\""

# ---- names ----
imp collide.csv; st=$?
check "kernels a/b and a_b: both traces written" \
	sh -c "[ $st -eq 0 ] && [ -f \"$tmp/collide/a_b.trace\" ] && [ -f \"$tmp/collide/a_b-2.trace\" ]"
check "kernels a/b and a_b: the warning names both and their lines" \
	says "kernels 'a/b' (line 2) and 'a_b' (line 4) have the same file name a_b.trace"
check "kernels a/b and a_b: each trace holds its own kernel's times" \
	sh -c "grep -q '^r 0 0 2000000 ' \"$tmp/collide/a_b.trace\" && grep -q '^r 0 0 4000000 ' \"$tmp/collide/a_b-2.trace\""

# ---- partly empty columns ----
imp_says "one empty power_w cell: warned, naming the line" power-gap.csv 0 \
	"power-gap.csv: column 'power_w' is empty on line 3 (1 of 3 rows)"
imp_says "an empty insts cell: warned for that kernel's trace, naming the line" counter-gap.csv 0 \
	"column 'insts' is empty on line 3 (1 of 2 rows).*k.trace"
check "an empty l2_hits cell drops the whole group (no l2_hits read as 0)" \
	sh -c "grep -q \"column 'l2_hits' is empty on line 5 \" \"$tmp/err\" && ! grep -q 'l2_hits' \"$tmp/counter-gap/j.trace\" && \
	       grep -q 'columns.* insts' \"$tmp/counter-gap/j.trace\""
imp_says "mem_mhz on some rows only: refused naming the line" mem-gap.csv 2 \
	"mem-gap.csv:3: column 'mem_mhz' is empty"
imp_says "a clock pair measured twice names both lines (it named neither)" twice.csv 2 \
	"twice.csv:4: kernel k measured twice at 500000/0 kHz (first on line 2)"
printf 'kernel,core_mhz,time_ms\nk,500,1\nk,1000,0\0005\n' >"$tmp/nul.csv"
"$bin" import csv "$tmp/nul.csv" --out "$tmp/nul" >"$tmp/out" 2>"$tmp/err"; st=$?
check "a NUL byte is refused naming its line, exit 2" \
	sh -c "[ $st -eq 2 ] && grep -q 'nul.csv:3: contains a NUL byte' \"$tmp/err\""

# ---- read errors are I/O errors (exit 1), naming the file and the cause ----
for layout in csv nvdvfs; do
	"$bin" import $layout "$fx" --out "$tmp/dir-$layout" >"$tmp/out" 2>"$tmp/err"; st=$?
	check "import $layout DIR: exit 1, 'Is a directory' (it asked malloc for 2^63 bytes, exit 2)" \
		sh -c "[ $st -eq 1 ] && grep -q \"$fx: read error: Is a directory\" \"$tmp/err\" && \
		       [ ! -e \"$tmp/dir-$layout\" ]"
done
imp no-such.csv; st=$?
check "a missing input file: exit 1 (an unreadable file, not malformed input), naming it" \
	sh -c "[ $st -eq 1 ] && grep -q 'no-such.csv: No such file or directory' \"$tmp/err\""
cat "$fx/good.csv" | "$bin" import csv /dev/stdin --out "$tmp/pipe" >"$tmp/out" 2>"$tmp/err"; st=$?
check "a pipe imports (fseek() to size the file failed on it)" \
	sh -c "[ $st -eq 0 ] && [ -f \"$tmp/pipe/k1.trace\" ]"

# ---- cost: linear in the input ----
# Each input below is generated, not kept, and imported under a time limit
# of 10 s, ~30x what the linear code needs on a loaded 2-core machine
# (0.3 s), below the CPU time alone the quadratic code took (25 s and
# 17 s), and under an address-space limit (each needs 20 to 50 MB; a 3 KB
# sample per row took 210 MB and 1 GB).  A sanitizer build cannot start
# under ulimit -v (trying would leave a sanitizer report of its own); it
# gets the time limit only.
limits() {	# limits KB SECONDS CMD...: CMD under those limits
	kb=$1 s=$2
	shift 2
	if [ -z "${GPUGOV_SANITIZER:-}" ]; then
		(ulimit -v "$kb" && exec timeout "$s" "$@")
	else
		timeout "$s" "$@"
	fi
}
awk 'BEGIN { print "kernel,core_mhz,time_ms"
	     for (k = 0; k < 60000; k++) printf "kernel%d,500,1\n", k }' >"$tmp/k60k.csv"
limits 100000 10 "$bin" import csv "$tmp/k60k.csv" --out "$tmp/k60k" --combined all \
	>"$tmp/out" 2>"$tmp/err"; st=$?
check "60k kernels (0.8 MB) import in seconds and 100 MB: kernels and rows not searched linearly" \
	sh -c "[ $st -eq 0 ] && grep -q '60000 rows, 60000 kernels' \"$tmp/err\""
awk 'BEGIN { print "kernel,core_mhz,time_ms"
	     for (i = 0; i < 300000; i++) printf "k,%d,1\n", 100000 + i }' >"$tmp/pairs.csv"
limits 150000 10 "$bin" import csv "$tmp/pairs.csv" --out "$tmp/pairs" >"$tmp/out" 2>"$tmp/err"; st=$?
check "3.3 MB, one kernel at 300k clock pairs: refused in seconds and 150 MB, naming the 129th (GPUGOV_MAX_OPPS 128)" \
	sh -c "[ $st -eq 2 ] && grep -q 'pairs.csv:130: kernel k has more than 128 clock pairs' \"$tmp/err\""
# 2401 kernels whose names all make the file name x____ (/:*?<>| become
# '_'): each gets the next free suffix at once, where searching every name
# for every suffix tried took minutes
awk 'BEGIN { c = "/:*?<>|"; print "kernel,core_mhz,time_ms"
	     for (i = 0; i < 2401; i++) {
		n = "x"; v = i
		for (p = 0; p < 4; p++) { n = n substr(c, v % 7 + 1, 1); v = int(v / 7) }
		printf "%s,500,1\n", n } }' >"$tmp/stems.csv"
limits 100000 20 "$bin" import csv "$tmp/stems.csv" --out "$tmp/stems" >"$tmp/out" 2>"$tmp/err"; st=$?
check "2401 kernels of one file name: written to x____.trace, x____-2 ... x____-2401 in seconds" \
	sh -c "[ $st -eq 0 ] && [ \$(ls \"$tmp/stems\" | wc -l) -eq 2401 ] &&
	       [ -f \"$tmp/stems/x____.trace\" ] && [ -f \"$tmp/stems/x____-2401.trace\" ]"

# ---- header ----
imp_says "a column named twice refused (the last one won)" dup-col.csv 2 \
	"dup-col.csv:1: column 'insts' appears twice"
imp_says "an unknown column refused even when empty" unknown-col.csv 2 \
	"unknown-col.csv:1: unknown column 'notes'"
imp_says "a header without rows refused (it wrote nothing and exited 0)" header-only.csv 2 \
	"header-only.csv: no data rows"

# ---- all or nothing ----
imp late-error.csv; st=$?
check "an error in the second kernel writes no trace of the first" \
	sh -c "[ $st -eq 2 ] && [ ! -e \"$tmp/late-error\" ]"
mkdir -p "$tmp/keep" && echo old >"$tmp/keep/k1.trace"
"$bin" import csv "$fx/late-error.csv" --out "$tmp/keep" 2>/dev/null
check "a failed import into an existing directory changes nothing in it" \
	sh -c "[ \"\$(ls -A \"$tmp/keep\")\" = k1.trace ] && grep -qx old \"$tmp/keep/k1.trace\""
imp good.csv --device 'my gpu'; st=$?
check "--device with a blank refused up front (it was a write error), nothing written" \
	sh -c "[ $st -eq 2 ] && grep -q -- '--device' \"$tmp/err\" && [ ! -e \"$tmp/good\" ]"
cp "$fx/good.csv" "$tmp/run#2.csv"
"$bin" import csv "$tmp/run#2.csv" --out "$tmp/hash" 2>"$tmp/err"; st=$?
check "an input path with '#' imports (it was a write error)" \
	sh -c "[ $st -eq 0 ] && \"$bin\" accuracy \"$tmp/hash/k1.trace\" >/dev/null 2>&1"
imp good.csv --out "$tmp/good.csv/x"; st=$?
check "an unwritable output directory is an I/O error, exit 1" status $st 1

# ---- accuracy: every requested model scored, or said why not ----
imp good.csv
imp stall.csv
"$bin" accuracy --predictor crisp "$tmp/good/k1.trace" >"$tmp/out" 2>"$tmp/err"; st=$?
check "accuracy --predictor crisp without stall counters: exit 1" status $st 1
check "accuracy names crisp and the missing counters" \
	says "crisp not scored: no trace has its counters (missing load_stall_cyc, store_stall_cyc, lcp_cyc)"
"$bin" accuracy --predictor crisp "$tmp/good/k1.trace" "$tmp/stall/k.trace" >"$tmp/out" 2>"$tmp/err"; st=$?
check "accuracy: crisp scored where it can be, the other trace named, exit 0" \
	sh -c "[ $st -eq 0 ] && grep -q '^crisp ' \"$tmp/out\" && grep -q 'crisp not scored on 1 of 2 traces (k1)' \"$tmp/err\""
"$bin" accuracy "$tmp/good/k1.trace" >"$tmp/out" 2>"$tmp/err"; st=$?
check "accuracy by default: every model it skips is listed, exit 0" \
	sh -c "[ $st -eq 0 ] && [ \$(grep -c 'not scored' \"$tmp/err\") -eq 7 ]"

# ---- --base is an OPP index ----
"$bin" accuracy --base 1000 "$tmp/good/k1.trace" >"$tmp/out" 2>"$tmp/err"; st=$?
check "--base 1000: exit 2, says OPP index and the valid range" \
	sh -c "[ $st -eq 2 ] && grep -q \"'1000' is not an OPP index: give 0 (the lowest OPP) to 127, or top\" \"$tmp/err\""
"$bin" accuracy --base 2 "$tmp/good/k1.trace" >"$tmp/out" 2>"$tmp/err"; st=$?
check "--base beyond a trace's table: the trace's valid range" \
	sh -c "[ $st -eq 2 ] && grep -q 'it has 2 OPPs, indices 0 (the lowest) to 1' \"$tmp/err\""
check "accuracy --help says --base N is an OPP index" \
	sh -c "\"$bin\" accuracy --help | grep -q 'N is an OPP index'"

# ---- every trace import writes reads back ----
check "every trace written above reads back" \
	sh -c "for t in \"$tmp\"/*/*.trace; do [ \"\$t\" = \"$tmp/keep/k1.trace\" ] && continue; \
	       \"$bin\" accuracy \"\$t\" >/dev/null 2>&1 || exit 1; done"

echo "RESULT import-cli: $((n - fail)) passed, $fail failed"
[ "$fail" -eq 0 ]
