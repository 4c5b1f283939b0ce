#!/bin/sh
# vmtest.sh - build the test initramfs, boot the guest, judge the run.
#
# usage: VM_KVER=KVER [VM_DIR=build/vm] [VM_TIMEOUT=S] [VM_NAME=vmtest]
#	[VM_KROOT=DIR] vmtest.sh [--module M.ko]... [--intree NAME]... [--test T]...
#		  [--file SRC:DST]...
#
# Fetches (once) the Debian kernel VM_KVER, packs busybox, the modules,
# the tests and files into an initramfs, boots it under QEMU TCG, and
# prints the TAP of tools/vm/parse-log.sh ending in
# "RESULT VM_NAME: P passed, F failed".  The serial log is kept in
# VM_DIR/VM_NAME.log.  Exits non-zero on any failure.
#
# VM_KROOT boots a kernel built here instead of Debian's: DIR laid out as
# fetch-kernel.sh unpacks one, DIR/boot/vmlinuz-KVER and the modules in
# DIR/lib/modules/KVER (scripts/debug-kernel.sh's root/).
set -eu

here=$(cd "$(dirname "$0")" && pwd)
kver=${VM_KVER:?set VM_KVER}
dir=${VM_DIR:-build/vm}
name=${VM_NAME:-vmtest}
tmo=${VM_TIMEOUT:-900}
args=""
while [ $# -gt 0 ]; do
	case $1 in
	--module) args="$args -m $2" ;;
	--intree) args="$args -i $2" ;;
	--test) args="$args -t $2" ;;
	--file) args="$args -f $2" ;;
	*) echo "vmtest: unknown argument $1" >&2; exit 2 ;;
	esac
	shift 2
done

mkdir -p "$dir"
kroot=${VM_KROOT:-}
[ -n "$kroot" ] || kroot=$("$here/fetch-kernel.sh" "$kver" "$dir")
# shellcheck disable=SC2086
"$here/mkinitramfs.sh" -k "$kroot" -v "$kver" -o "$dir/$name.cpio.gz" \
	-e "$dir/vm-exit" $args
echo "# booting $kver under QEMU (TCG), log in $dir/$name.log"
start=$(date +%s)
set +e
"$here/run-qemu.sh" "$kroot/boot/vmlinuz-$kver" "$dir/$name.cpio.gz" \
	"$dir/$name.log" "$tmo"
status=$?
set -e
echo "# guest ran $(( $(date +%s) - start )) s, QEMU status $status"
exec "$here/parse-log.sh" "$name" "$dir/$name.log" "$status"
