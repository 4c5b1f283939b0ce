#!/bin/sh
# debug-kernel.sh [--check] - the KASAN/lockdep/UBSAN/kmemleak guest kernel
# of `make vmtest-debug`, built once from Debian's linux-source-6.1 and
# cached outside the clone.  Prints the cache directory.
#
# The cache lives in ${GPUGOV_CACHE:-$HOME/.cache/gpugov}/debug-kernel/KEY,
# KEY being the sha256 of everything the build depends on: the version of
# the linux-source package, the config fragment, this script, and the
# compiler and pahole versions.  Changing any of them builds a new kernel
# in a new directory; an unchanged one is reused at once.  It holds
#
#   root/boot/vmlinuz-KREL   the bzImage
#   root/lib/modules/KREL/   `make modules_install` (tools/vm/mkinitramfs.sh
#                            finds the in-tree modules there)
#   build/                   the kbuild tree, pruned of objects, for
#                            external modules: M=... against it (vmlinux
#                            without debug info but with its BTF, so module
#                            BTF is generated)
#   kernelrelease, build-seconds, config
#
# --check prints the directory and exits 0 when the kernel is cached, and
# exits 1 without building when it is not.  Building takes 2 cores (nice,
# make -j${DEBUG_KERNEL_JOBS:-2}) for about 20 minutes.
set -eu

here=$(cd "$(dirname "$0")/.." && pwd)
frag=$here/tools/vm/debug-kernel.config
pkg=linux-source-6.1
cache=${GPUGOV_CACHE:-$HOME/.cache/gpugov}/debug-kernel

check=0
[ "${1:-}" != --check ] || check=1

srcver=$(dpkg-query -W -f='${Version}' "$pkg" 2>/dev/null || true)
if [ -z "$srcver" ]; then
	[ $check -eq 0 ] || exit 1
	"$here/scripts/deps.sh" source
	srcver=$(dpkg-query -W -f='${Version}' "$pkg")
fi
key=$({
	echo "$pkg $srcver"
	cat "$frag" "$here/scripts/debug-kernel.sh"
	gcc --version | head -n 1
	pahole --version 2>/dev/null || echo "no pahole"
} | sha256sum | cut -d' ' -f1)
dir=$cache/$key

if [ -e "$dir/.done" ]; then
	echo "$dir"
	exit 0
fi
[ $check -eq 0 ] || exit 1

"$here/scripts/deps.sh" debugkernel
mkdir -p "$cache"
exec 9>"$dir.lock"
flock 9
# Another build of the same key may have finished while we waited.
if [ -e "$dir/.done" ]; then
	echo "$dir"
	exit 0
fi

tarball=$(dpkg -L "$pkg" | grep -E '/usr/src/linux-source-.*\.tar\.xz$' | head -n 1)
[ -n "$tarball" ] || { echo "debug-kernel: no source tarball in $pkg" >&2; exit 1; }
echo "debug-kernel: building $pkg $srcver in $dir (about 20 min on 2 cores)" >&2
start=$(date +%s)
rm -rf "$dir"
mkdir -p "$dir/build"
tar -xf "$tarball" -C "$dir/build" --strip-components=1
cd "$dir/build"

kmake() {
	nice -n 10 make -s ARCH=x86_64 -j"${DEBUG_KERNEL_JOBS:-2}" "$@"
}
kmake tinyconfig >/dev/null
scripts/kconfig/merge_config.sh -m .config "$frag" >/dev/null
kmake olddefconfig >/dev/null

# Every option of the fragment must have survived olddefconfig.
bad=0
while read -r line; do
	case $line in
	CONFIG_*=*)
		grep -qxF "$line" .config || { echo "debug-kernel: $line did not stick: $(grep "^${line%%=*}=\|# ${line%%=*} is" .config || echo unset)" >&2; bad=1; }
		;;
	"# CONFIG_"*" is not set")
		opt=${line#"# "}
		opt=${opt%% *}
		! grep -q "^$opt=" .config || { echo "debug-kernel: $opt should be unset" >&2; bad=1; }
		;;
	esac
done <"$frag"
[ $bad -eq 0 ] || exit 1

kmake bzImage modules
krel=$(make -s ARCH=x86_64 kernelrelease)
kmake modules_install INSTALL_MOD_PATH="$dir/root" INSTALL_MOD_STRIP=1 >/dev/null
mkdir -p "$dir/root/boot"
cp arch/x86/boot/bzImage "$dir/root/boot/vmlinuz-$krel"
cp .config "$dir/config"
ln -sfn ../../../../build "$dir/root/lib/modules/$krel/build"
rm -f "$dir/root/lib/modules/$krel/source"

# Keep what external modules need: sources, headers, the configured and
# generated files, the host tools, Module.symvers and vmlinux for BTF.
find . \( -name '*.o' -o -name '.*.cmd' -o -name '*.ko' -o -name '*.a' \
	-o -name '*.mod' -o -name '*.mod.c' -o -name '.tmp_*' \) -type f -delete
rm -rf Documentation .tmp_vmlinux* arch/x86/boot/compressed/vmlinux* \
	arch/x86/boot/vmlinux.bin arch/x86/boot/compressed/vmlinux.bin*
objcopy --strip-debug vmlinux

echo "$krel" >"$dir/kernelrelease"
echo $(( $(date +%s) - start )) >"$dir/build-seconds"
touch "$dir/.done"
echo "debug-kernel: built $krel in $(cat "$dir/build-seconds") s" >&2
echo "$dir"
