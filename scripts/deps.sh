#!/bin/sh
# deps.sh [--print] GROUP... - install the Debian packages a make target
# needs (--print: list them, one a line, and install nothing).
#
# Idempotent: only packages that are missing are installed, and apt's
# package lists are fetched only when something is missing.  Groups:
#   build   userspace compiler and tools
#   module  kernel headers (6.1 metapackage and the 6.12 headers), sparse
#   kmodule what a module build against a tree given as KDIR needs: no
#           headers package (make module KDIR=... ARCH=...); with ARCH=arm64
#           the cross compiler too
#   cross   the arm64 cross compiler and the arm64 libraries the tools link
#           (Debian multiarch: the arm64 architecture is added to dpkg)
#   crossdeb  what dpkg-buildpackage -aarm64 needs besides cross
#   qemu    qemu-user-static (the arm64 tools run on the build host)
#   source  linux-source-6.1 (private devfreq header, checkpatch)
#   source612  linux-source-6.12 (vkms for the 6.12 guest)
#   vm      guest kernel image tools, QEMU, busybox
#   plot    gnuplot
#   bench   valgrind (callgrind instruction counts)
#   style   perl with its full module set (checkpatch)
#   bpf     clang, llvm, libbpf, bpftool, pahole (gpugov-trace, BTF checks)
#   bpftrace  bpftrace (the documented one-liners, make vmtest-bpftrace)
#   man     groff (the man pages render without a warning)
#   deb     Debian packaging and lintian (make deb), debootstrap (make deb-install)
#   fuzz    clang with the libFuzzer and sanitizer runtimes (make fuzz,
#           the fuzz-replay check suite)
#   debugkernel  what building the debug guest kernel takes (make debug-kernel)
#   glue    Debian kernel sources and the arm64 cross compiler (make glue-check)
#   frames  libdrm, GBM, EGL and GLES headers (gpugov-frames)
set -eu

here=$(dirname "$0")
print=
[ "${1:-}" != --print ] || { print=1; shift; }
pkgs=""
arm64=""
for group in "$@"; do
	case "$group" in
	build)	pkgs="$pkgs gcc make libc6-dev" ;;
	module)	pkgs="$pkgs gcc make sparse linux-headers-amd64 $("$here/kver.sh" 6.12 --package)" ;;
	source)	pkgs="$pkgs linux-source-6.1 xz-utils" ;;
	source612) pkgs="$pkgs linux-source-6.12 xz-utils" ;;
	vm)	pkgs="$pkgs qemu-system-x86 busybox-static cpio kmod zstd xz-utils" ;;
	plot)	pkgs="$pkgs gnuplot-nox" ;;
	bench)	pkgs="$pkgs valgrind" ;;
	style)	pkgs="$pkgs perl" ;;
	bpf)	pkgs="$pkgs clang llvm libbpf-dev bpftool libelf-dev zlib1g-dev pahole xz-utils" ;;
	bpftrace) pkgs="$pkgs bpftrace" ;;
	man)	pkgs="$pkgs groff" ;;
	kmodule) pkgs="$pkgs gcc make sparse"
		[ "${ARCH:-}" != arm64 ] || pkgs="$pkgs gcc-aarch64-linux-gnu" ;;
	cross)	arm64=1
		pkgs="$pkgs gcc-aarch64-linux-gnu libc6-dev:arm64 libbpf-dev:arm64 libelf-dev:arm64 zlib1g-dev:arm64"
		pkgs="$pkgs libdrm-dev:arm64 libgbm-dev:arm64 libegl-dev:arm64 libgles-dev:arm64" ;;
	crossdeb) arm64=1
		pkgs="$pkgs crossbuild-essential-arm64" ;;
	qemu)	pkgs="$pkgs qemu-user-static" ;;
	deb)	pkgs="$pkgs dpkg-dev debhelper dh-dkms lintian debootstrap" ;;
	fuzz)	pkgs="$pkgs clang libclang-rt-14-dev" ;;
	debugkernel) pkgs="$pkgs gcc make bc flex bison libelf-dev libssl-dev pahole linux-source-6.1 xz-utils kmod" ;;
	glue)	pkgs="$pkgs linux-source-6.1 linux-source-6.12 gcc-aarch64-linux-gnu sparse make bc flex bison libssl-dev libelf-dev xz-utils perl rsync" ;;
	frames)	pkgs="$pkgs libdrm-dev libgbm-dev libegl-dev libgles-dev pkg-config" ;;
	*)	echo "deps.sh: unknown group '$group'" >&2; exit 2 ;;
	esac
done

if [ -n "$print" ]; then
	printf '%s\n' $pkgs
	exit 0
fi

missing=""
for p in $pkgs; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" ||
		missing="$missing $p"
done
[ -z "$missing" ] && exit 0

if [ "$(id -u)" != 0 ]; then
	echo "deps.sh: missing Debian packages:$missing (run as root to install)" >&2
	exit 1
fi
echo "deps.sh: installing$missing"
# The arm64 packages come from the same archive (Debian multiarch).
if [ -n "$arm64" ] && ! dpkg --print-foreign-architectures | grep -qx arm64; then
	dpkg --add-architecture arm64
fi
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $missing >/dev/null
