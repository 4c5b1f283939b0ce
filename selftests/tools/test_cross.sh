#!/bin/bash
# test_cross.sh NATIVE_BUILD ARM64_BUILD CROSS_COMPILE - the arm64 tools
# (make cross) under qemu-user print and write what the x86-64 tools do
# on the same inputs, and the modules build for arm64 against a board's
# kernel tree.
#
# Each comparison runs the tool in two scratch directories holding the
# same inputs, natively in one and under qemu-aarch64-static in the other,
# and compares everything they leave: standard output, standard error, the
# exit status and the files written.  gpugov-trace is compared where no
# BPF is loaded (options, help, version); it must be static.  The module
# part builds gpugov.ko and gpugov_sim.ko with `make module ARCH=arm64
# CROSS_COMPILE=... KDIR=TREE` in a copy of the sources, against the arm64
# kernel tree glue-check prepared (SKIP with a cold cache, as glue-check),
# and checks that such a build asks for no headers package.
set -u
native=$(cd "$1" && pwd)
cross=$(cd "$2" && pwd)
prefix=$3
bin=
# shellcheck source-path=SCRIPTDIR source=tap.sh
. "$(dirname "$0")/tap.sh"
here=$(cd "$(dirname "$0")/../.." && pwd)
cd "$here" || exit 1
start=$(date +%s)
skip=0

# ---- the binaries ------------------------------------------------------

for t in gpugov-replay gpugov-sim gpugov-simblob gpugov-trace gpugov-frames; do
	check "$t is an AArch64 executable" \
		sh -c "readelf -h \"$cross/$t\" | grep -q 'Machine: *AArch64'"
done
check "gpugov-trace for arm64 is static (copied to a board as it is)" \
	sh -c "! readelf -l \"$cross/gpugov-trace\" | grep -q INTERP"

# ---- same output -------------------------------------------------------

# A small workload of a real kernel's code (memory and ALU phases), so
# that the simulator's floating point (energy, the DRAM queue) is exercised.
mkdir -p "$tmp/in"
cp tools/sim/gpus/fermi-15sm.gpu "$tmp/in/gpu"
sed -n '/^kernel /,/^endkernel/p' tools/sim/workloads/kernels/overlap-two-slope.wl |
	sed 's/^grid .*/grid 24/' >"$tmp/in/wl"
printf 'run overlap_two_slope\nframe\nrun overlap_two_slope 2\n' >>"$tmp/in/wl"

# same NAME TOOL ARGS...: TOOL natively and under qemu, in copies of the
# inputs (plus what earlier steps left in $tmp/in)
same() {
	local name=$1 tool=$2
	shift 2
	rm -rf "$tmp/x86" "$tmp/arm64"
	cp -a "$tmp/in" "$tmp/x86"
	cp -a "$tmp/in" "$tmp/arm64"
	(cd "$tmp/x86" && "$native/$tool" "$@" >stdout 2>stderr; echo $? >status)
	(cd "$tmp/arm64" && qemu-aarch64-static "$cross/$tool" "$@" >stdout 2>stderr; echo $? >status)
	# gpugov-sim's summary line says how fast it ran: that differs.
	sed -i -E 's/ in [0-9.]+ s \([0-9.]+ Mwarp-inst\/s\)//' "$tmp/x86/stderr" "$tmp/arm64/stderr"
	diff -r "$tmp/x86" "$tmp/arm64" >"$tmp/diff" 2>&1
	check "$name: the same under qemu-user (exit $(cat "$tmp/x86/status"))" \
		[ ! -s "$tmp/diff" ]
	head -n 20 "$tmp/diff" | sed 's/^/# /'
}

# keep FILE...: the last run's (native) files become inputs
keep() {
	local f
	for f in "$@"; do
		cp "$tmp/x86/$f" "$tmp/in/"
	done
}

same "gpugov-sim sweep" gpugov-sim sweep -g gpu -w wl --segment 20000 -o seg.trace --oracle seg.oracle
keep seg.trace
same "gpugov-sim sweep --frames" gpugov-sim sweep -g gpu -w wl --frames -o frames.trace
same "gpugov-sim online" gpugov-sim online -g gpu -w wl --epoch-us 5 -o seen.trace
same "gpugov-sim openloop" gpugov-sim openloop seg.trace
same "gpugov-sim, an unknown objective" gpugov-sim online -g gpu -w wl --epoch-us 5 --objective x
same "gpugov-replay accuracy --json" gpugov-replay accuracy --json seg.trace
same "gpugov-frames, a schedule file's bad line" gpugov-frames --offscreen --cpu --schedule file:wl
same "gpugov-frames --help" gpugov-frames --help
same "gpugov-replay run" gpugov-replay run seg.trace
same "gpugov-replay run --csv, objective energy" gpugov-replay run --csv --objective energy seg.trace
same "gpugov-replay predict" gpugov-replay predict --opps 500000,1000000,2000000 \
	interval_ns=31 busy_ns=31 core_khz=1000000 lcp_cyc=20 load_stall_cyc=3 store_stall_cyc=1
same "gpugov-replay pace" gpugov-replay pace --load 60 seg.trace paced.trace
same "gpugov-replay, a malformed trace" gpugov-replay run gpu
same "gpugov-simblob" gpugov-simblob seg.trace seg.blob
same "gpugov-trace --help" gpugov-trace --help
same "gpugov-trace -V" gpugov-trace -V
same "gpugov-trace, a bad -a" gpugov-trace -a fast
same "gpugov-trace, a bad -c" gpugov-trace -c -1

# ---- the modules for arm64 ---------------------------------------------

groups=$(make -n --no-print-directory module ARCH=arm64 CROSS_COMPILE="$prefix" \
	KDIR=/nonexistent 2>/dev/null | sed -n 's/.*scripts\/deps.sh \([a-z ]*\).*/\1/p' | head -n 1)
# shellcheck disable=SC2086 # $groups: one word per group
pkgs=$(ARCH=arm64 scripts/deps.sh --print $groups 2>&1)
check "make module ARCH=arm64 KDIR=TREE asks for no headers package (deps.sh $groups: ${pkgs//$'\n'/ })" \
	sh -c "[ -n \"$groups\" ] && ! echo \"$pkgs\" | grep -q linux-headers &&
	       echo \"$pkgs\" | grep -qx gcc-aarch64-linux-gnu"

if trees=$(GLUE_VERSIONS=6.1 scripts/glue-check.sh --check 2>/dev/null); then
	tree=$(echo "$trees" | head -n 1)/tree
	src=$tmp/module-src
	mkdir -p "$src"
	cp -a Makefile Kbuild VERSION mk scripts governor predictors drivers_glue "$src/"
	find "$src" \( -name '*.o' -o -name '*.ko' -o -name '.*.cmd' -o -name '*.mod*' \) -delete
	# The prepared tree has no vmlinux and so only a Module.symvers made
	# from its export macros (glue-check.sh): modpost warns, not fails,
	# on what that misses.  A board's own tree has the real one.
	(cd "$src" && KBUILD_MODPOST_WARN=1 make --no-print-directory module ARCH=arm64 \
		CROSS_COMPILE="$prefix" KDIR="$tree") >"$tmp/kbuild.log" 2>&1
	rc=$?
	check "make module ARCH=arm64 CROSS_COMPILE=$prefix KDIR=(linux-source-6.1 for arm64): no warning" \
		[ "$rc" -eq 0 ]
	for m in gpugov gpugov_sim; do
		check "$m.ko built for AArch64" \
			sh -c "readelf -h \"$src/$m.ko\" 2>/dev/null | grep -q 'Machine: *AArch64'"
	done
	grep -E 'warning:|error:' "$tmp/kbuild.log" | head -n 20 | sed 's/^/# /'
else
	n=$((n + 1))
	skip=1
	echo "ok $n # SKIP arm64 kernel tree not prepared: run make glue-prepare"
fi

echo "1..$n"
echo "# cross-check: $(( $(date +%s) - start )) s"
echo "RESULT cross-check: $((n - fail - skip)) passed, $fail failed, $skip skipped"
[ "$fail" -eq 0 ]
