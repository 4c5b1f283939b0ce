# mk/boot.mk - settings at boot: the udev rule, /etc/gpugov.conf and
# gpugov-apply of tools/boot/ (docs/governor.md, "Settings at boot"),
# packaged by debian/gpugov-dkms.install.
#
#   selftests/vm/44_udev.c (in `make vmtest` and `make vmtest-612`) runs
#   the rule, as packaged, on the guest's uevents; the rule goes into
#   the guest as /data/boot/, the script where the rule calls it.

VM_FILES += tools/boot/70-gpugov.rules:/data/boot/70-gpugov.rules \
	tools/boot/gpugov-apply:/usr/lib/gpugov/gpugov-apply

# boot-check (part of `make check`): gpugov-apply on a fake sysfs tree
# (its test-only GPUGOV_SYSFS and GPUGOV_CONF), and its keys against the
# ABI file's writable gpugov/ files
CHECK_SUITES += boot-check
.PHONY: boot-check
boot-check:
	@selftests/tools/test_boot_apply.sh tools/boot/gpugov-apply \
		Documentation/ABI/testing/sysfs-class-devfreq-gpugov
