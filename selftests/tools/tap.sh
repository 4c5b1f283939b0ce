# shellcheck shell=sh
# tap.sh - sourced by the CLI tests here, after they set $bin (the binary
# under test): a scratch directory $tmp, removed on exit, and the TAP
# helpers check (counting tests in $n, failures in $fail) and run.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
n=0
fail=0

check() {	# check NAME COND...
	name=$1
	shift
	n=$((n + 1))
	if "$@"; then
		echo "ok $n - $name"
	else
		echo "not ok $n - $name"
		fail=$((fail + 1))
	fi
}

# run EXPECTED_STATUS ARGS...: output in $tmp/out, stderr in $tmp/err
run() {
	want=$1
	shift
	# shellcheck disable=SC2154 # $bin: set by the sourcing test
	"$bin" "$@" >"$tmp/out" 2>"$tmp/err"
	[ $? -eq "$want" ]
}

# check_valgrind NAME COND...: a check that runs $bin under valgrind.
# Valgrind cannot run a sanitizer build (mk/sanitize.mk exports
# GPUGOV_SANITIZER for those runs), whose sanitizer checks the same
# there, so the check is skipped.
check_valgrind() {
	if [ -n "${GPUGOV_SANITIZER:-}" ]; then
		n=$((n + 1))
		echo "ok $n - $1 # SKIP valgrind on a $GPUGOV_SANITIZER build"
		return
	fi
	check "$@"
}
