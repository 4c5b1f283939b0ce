# mk/abi.mk - the kernel-style ABI files of gpugov's sysfs and debugfs
# files (Documentation/ABI/testing/) against the module.
#
#   make abi-check  (host, part of `make check`) every attribute in
#                   governor/gpugov_sysfs.c's group and every file
#                   governor/gpugov_debugfs.c creates has a What: entry,
#                   and every What: names one of them; gpugov(7) names
#                   every one
#   selftests/vm/45_abi.c (in `make vmtest` and `make vmtest-612`) the
#                   same against the loaded module's directories, with
#                   the documented modes, defaults and ranges; the ABI
#                   files go into the guest as /data/abi/

ABI_DIR := Documentation/ABI/testing
ABI_FILES := $(ABI_DIR)/sysfs-class-devfreq-gpugov $(ABI_DIR)/debugfs-gpugov

VM_FILES += $(foreach f,$(ABI_FILES),$(f):/data/abi/$(notdir $(f)))

CHECK_SUITES += abi-check
.PHONY: abi-check
abi-check:
	@GPUGOV7=docs/man/gpugov.7 selftests/tools/test_abi_doc.sh governor/gpugov_sysfs.c governor/gpugov_debugfs.c \
		$(ABI_FILES)
