#!/bin/sh
# mkinitramfs.sh - build the busybox initramfs of the test guest.
#
# usage: mkinitramfs.sh -k KROOT -v KVER -o OUT.cpio.gz [-e VMEXIT]
#		[-m MODULE.ko]... [-i INTREE_NAME]... [-t TEST]... [-f SRC:DST]...
#
#   -k  unpacked guest kernel (tools/vm/fetch-kernel.sh)
#   -v  its version (the /lib/modules directory)
#   -m  an out-of-tree module, installed under /lib/modules/KVER/extra
#   -i  an in-tree module by name (e.g. governor_simpleondemand), copied
#       from KROOT together with everything it depends on
#   -t  a test program or script, run by /init in name order
#   -f  any other file or directory, SRC on the host to DST in the guest
#   -e  the static vm-exit helper (isa-debug-exit)
# modules.dep is generated with depmod so modprobe works in the guest.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
kroot= kver= out= vmexit=
mods= intree= tests= files=
while getopts k:v:o:e:m:i:t:f: opt; do
	case $opt in
	k) kroot=$OPTARG ;;
	v) kver=$OPTARG ;;
	o) out=$OPTARG ;;
	e) vmexit=$OPTARG ;;
	m) mods="$mods $OPTARG" ;;
	i) intree="$intree $OPTARG" ;;
	t) tests="$tests $OPTARG" ;;
	f) files="$files $OPTARG" ;;
	*) exit 2 ;;
	esac
done
[ -n "$kroot" ] && [ -n "$kver" ] && [ -n "$out" ] ||
	{ echo "mkinitramfs: -k, -v and -o are required" >&2; exit 2; }

bb=$(command -v busybox)
ldd "$bb" 2>&1 | grep -q 'not a dynamic' ||
	{ echo "mkinitramfs: $bb is not static (install busybox-static)" >&2; exit 1; }

stage=$(mktemp -d "${TMPDIR:-/tmp}/gpugov-initramfs.XXXXXX")
trap 'rm -rf "$stage"' EXIT
mkdir -p "$stage/bin" "$stage/sbin" "$stage/usr/bin" "$stage/usr/sbin" \
	"$stage/proc" "$stage/sys" "$stage/dev" "$stage/tmp" "$stage/tests" \
	"$stage/lib/modules/$kver/extra"
cp "$bb" "$stage/bin/busybox"
for applet in $("$bb" --list); do
	case $applet in
	busybox) ;;
	*) ln -sf busybox "$stage/bin/$applet" ;;
	esac
done
for applet in modprobe insmod rmmod lsmod depmod poweroff reboot; do
	ln -sf ../bin/busybox "$stage/sbin/$applet"
done
cp "$here/init.sh" "$stage/init"
chmod 755 "$stage/init"
[ -z "$vmexit" ] || cp "$vmexit" "$stage/bin/vm-exit"

kmods=$kroot/lib/modules/$kver
for m in $mods; do
	cp "$m" "$stage/lib/modules/$kver/extra/"
done

# copy_intree NAME: the module and, first, its dependencies.  Compressed
# modules (6.12 packages ship .ko.xz) are unpacked, so the guest finds
# every module as NAME.ko whatever the kernel's module compression.
copy_intree() {
	f=$(find "$kmods/kernel" -name "$1.ko*" | head -n 1)
	[ -n "$f" ] || { echo "mkinitramfs: no in-tree module $1" >&2; exit 1; }
	rel=${f#"$kmods/"}
	rel=${rel%.xz}
	rel=${rel%.zst}
	[ -e "$stage/lib/modules/$kver/$rel" ] && return 0
	mkdir -p "$stage/lib/modules/$kver/$(dirname "$rel")"
	case $f in
	*.xz) xz -dc "$f" >"$stage/lib/modules/$kver/$rel" ;;
	*.zst) zstd -qdc "$f" >"$stage/lib/modules/$kver/$rel" ;;
	*) cp "$f" "$stage/lib/modules/$kver/$rel" ;;
	esac
	for dep in $(/sbin/modinfo -F depends "$f" | tr ',' ' '); do
		copy_intree "$dep"
	done
}
for m in $intree; do
	copy_intree "$m"
done
for f in modules.builtin modules.builtin.modinfo modules.order; do
	[ ! -e "$kmods/$f" ] || cp "$kmods/$f" "$stage/lib/modules/$kver/"
done
/sbin/depmod -b "$stage" "$kver"

for t in $tests; do
	cp "$t" "$stage/tests/"
	chmod 755 "$stage/tests/$(basename "$t")"
done
for f in $files; do
	src=${f%%:*}
	dst=${f#*:}
	mkdir -p "$stage/$(dirname "$dst")"
	cp -r "$src" "$stage/$dst"
done

mkdir -p "$(dirname "$out")"
(cd "$stage" && find . -print0 | sort -z |
	cpio --null -o -H newc --owner=0:0 --quiet) | gzip -1 >"$out.tmp"
mv "$out.tmp" "$out"
