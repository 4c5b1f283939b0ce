#!/bin/sh
# module-btf.sh VMLINUZ MODULE.ko OUT.ko - a copy of MODULE.ko with the
# BTF that kbuild would have given it against VMLINUZ's kernel.
#
# linux-headers ship no vmlinux, so an out-of-tree module built against
# them has no BTF and the kernel has no /sys/kernel/btf/<module>: BPF can
# reach its tracepoints with raw_tp only.  The VM tests use this copy to
# exercise gpugov-trace's tp_btf path (and its BTF layout check) on the
# 6.1 guest as well.  The guest's vmlinux, with its .BTF section, is
# unpacked from the XZ-compressed bzImage (Debian's choice, checked) and
# kept next to OUT.ko; the module's BTF is encoded by pahole as split BTF
# on top of it, with the options 6.1's scripts/pahole-flags.sh uses.
set -eu
vmlinuz=${1:?usage: module-btf.sh VMLINUZ MODULE.ko OUT.ko}
mod=${2:?}
out=${3:?}
vmlinux=$(dirname "$out")/vmlinux-$(basename "$vmlinuz" | sed 's/^vmlinuz-//')
mkdir -p "$(dirname "$out")"

if [ ! -s "$vmlinux" ]; then
	# The payload starts at an XZ stream header; try each candidate.
	for off in $(LC_ALL=C grep -abo "$(printf '\3757zXZ')" "$vmlinuz" |
		     cut -d: -f1); do
		tail -c +$((off + 1)) "$vmlinuz" | xz -dc 2>/dev/null >"$vmlinux.tmp" || true
		if readelf -S "$vmlinux.tmp" 2>/dev/null | grep -q '\.BTF '; then
			mv "$vmlinux.tmp" "$vmlinux"
			break
		fi
	done
	rm -f "$vmlinux.tmp"
	[ -s "$vmlinux" ] || { echo "module-btf: no vmlinux with BTF in $vmlinuz" >&2; exit 1; }
fi
cp "$mod" "$out.tmp"
LLVM_OBJCOPY=objcopy pahole -J --btf_gen_floats -j --lang_exclude=rust \
	--btf_base "$vmlinux" "$out.tmp"
mv "$out.tmp" "$out"
