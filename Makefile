# gpugov top-level Makefile: kbuild for the modules (see Kbuild), and
# everything else: userspace tools, tests, benchmarks, validation, demo.
#
# Pieces of the tree add themselves through mk/*.mk fragments, which may
# append to TOOLS_BINS (userspace programs), CHECK_SUITES (userspace test
# suites run by `make check` and `make test`), TEST_SUITES (further suites
# only `make test` runs, e.g. in a VM), BENCH_TARGETS and VALIDATE_TARGETS.
# Each suite NAME is a make target that prints TAP and a line
# "RESULT NAME: P passed, F failed".


SHELL := /bin/bash
CC ?= cc
BUILD := build
# WERROR= (the Debian package's build, debian/rules) keeps the warnings
# and drops -Werror.
WERROR ?= -Werror
CFLAGS_USER := -std=c11 -D_GNU_SOURCE -O2 -g -Wall -Wextra $(WERROR) \
	-Wshadow -Wno-unused-parameter -Wno-missing-field-initializers -Ipredictors -Itools/common
LDLIBS_USER := -lm
# What the builder adds (dpkg-buildflags in debian/rules: hardening) to
# the compile and link lines of the installed tools.
CFLAGS_USER += $(CPPFLAGS) $(CFLAGS)
LDFLAGS_USER := $(LDFLAGS)
# One version for the tools' --version, debian/changelog and dkms.conf.
GPUGOV_VERSION := $(shell cat VERSION)
CFLAGS_USER += -DGPUGOV_VERSION='"$(GPUGOV_VERSION)"'
DATA ?= ../shared/data

# Kernel build: the bookworm metapackage's 6.1 ABI unless KDIR says otherwise.
KVER = $(shell scripts/kver.sh 6.1)
KVER_612 = $(shell scripts/kver.sh 6.12)
KDIR ?= /usr/src/linux-headers-$(KVER)

# The modules vmtest and vmtest-612 build in the source tree before they
# boot: none with VM_PREPARED=1, once `make vm-prepare` has built both
# kernels' modules and the guests' files (mk/kernel.mk), so that the two
# guests can be run side by side by hand (`make test` runs them one after
# the other: docs/testing.md).
VM_MODULES_61 = $(if $(VM_PREPARED),,vm-modules)
VM_MODULES_612 = $(if $(VM_PREPARED),,vm-modules-612)

TOOLS_BINS :=
CHECK_SUITES :=
TEST_SUITES :=
BENCH_TARGETS :=
VALIDATE_TARGETS :=

# predictors/ and the real-time engine, which gpugov_sim.ko also builds
# (drivers_glue/sim_rt.h): the kernel-safe C every tool links.
PRED_SRCS := $(wildcard predictors/*.c) drivers_glue/sim_rt.c drivers_glue/sim_smu.c
PRED_OBJS := $(PRED_SRCS:%.c=$(BUILD)/%.o)
LIBGPUGOV := $(BUILD)/libgpugov.a
COMMON_SRCS := $(wildcard tools/common/*.c)
COMMON_OBJS := $(COMMON_SRCS:%.c=$(BUILD)/%.o)
LIBCOMMON := $(BUILD)/libgpugov-tools.a
UNIT_SRCS := $(wildcard selftests/unit/test_*.c)
UNIT_BINS := $(UNIT_SRCS:selftests/unit/%.c=$(BUILD)/unit/%)

include $(sort $(wildcard mk/*.mk))

.PHONY: all deps module module-612 module-check kbuild-clean tools check run-check-suites test bench \
	validate demo clean FORCE

all: module tools

deps:
	@scripts/deps.sh build

$(BUILD)/%.o: %.c | deps
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_USER) -MMD -MP -c -o $@ $<

$(BUILD)/tools/common/version.o: VERSION

$(LIBGPUGOV): $(PRED_OBJS)
	@rm -f $@
	ar rcs $@ $^

$(LIBCOMMON): $(COMMON_OBJS)
	@rm -f $@ && mkdir -p $(dir $@)
	$(if $^,ar rcs $@ $^,printf '!<arch>\n' > $@)

$(BUILD)/unit/%: selftests/unit/%.c $(LIBCOMMON) $(LIBGPUGOV) | deps
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_USER) -Iselftests/unit -MMD -MP -o $@ $< $(LIBCOMMON) $(LIBGPUGOV) $(LDLIBS_USER)

tools: $(TOOLS_BINS)

# ---- kernel modules -------------------------------------------------------
# Fails on any compiler or sparse warning: the module must build clean.
# (kbuild_clean DIR,ARGS[,DEPS GROUP]).
# kbuild_findings LOG prints them.  kbuild's note that the compiler is
# not the one the kernel was built with (Armbian's and vendors' headers,
# a cross compiler of another release) is about the host, not this code:
# it is shown in the build's output but is no finding.
kbuild_findings = grep -E 'warning:|error:' $(1) | \
	grep -vx 'warning: the compiler differs from the one used to build the kernel'
# A tree given as KDIR (e.g. a board's, with ARCH=arm64) needs no headers
# package: nothing of the build host's kernel is installed for it.
MODULE_DEPS = $(if $(filter command line environment,$(origin KDIR)),kmodule,module)
define kbuild_clean
	@ARCH=$(ARCH) scripts/deps.sh $(or $(3),module)
	@set -o pipefail; $(MAKE) -C $(1) M=$(CURDIR) $(2) modules 2>&1 | tee $(BUILD)/kbuild.log
	@! $(call kbuild_findings,$(BUILD)/kbuild.log)
endef

module:
	@mkdir -p $(BUILD)
	$(call kbuild_clean,$(KDIR),,$(MODULE_DEPS))

module-612:
	@mkdir -p $(BUILD)
	$(call kbuild_clean,/usr/src/linux-headers-$(KVER_612),)

# kbuild's own `clean` of an external module walks the whole tree and would
# delete the guest kernel's modules unpacked under build/: remove only what
# kbuild writes next to our sources.
KBUILD_DIRS := . governor predictors drivers_glue
kbuild-clean:
	@for d in $(KBUILD_DIRS); do \
		find $$d -maxdepth 1 \( -name '*.o' -o -name '*.ko' -o -name '*.mod' \
			-o -name '*.mod.c' -o -name '.*.cmd' -o -name '*.o.d' \
			-o -name modules.order -o -name Module.symvers \) -delete; \
	done

# Both kernels, each with sparse (C=2 checks every file, built or not).
module-check:
	@mkdir -p $(BUILD)
	@n=0; f=0; \
	for kd in $(KDIR) /usr/src/linux-headers-$(KVER_612); do \
		if $(MAKE) --no-print-directory kbuild-clean && \
		   $(MAKE) --no-print-directory -C $$kd M=$(CURDIR) C=2 modules >$(BUILD)/kbuild.log 2>&1 && \
		   ! $(call kbuild_findings,$(BUILD)/kbuild.log); then \
			echo "ok - module builds warning- and sparse-clean against $$kd"; n=$$((n+1)); \
		else \
			cat $(BUILD)/kbuild.log; echo "not ok - module build against $$kd"; f=$$((f+1)); \
		fi; \
	done; \
	$(MAKE) --no-print-directory kbuild-clean; \
	echo "RESULT module-check: $$n passed, $$f failed"; [ $$f -eq 0 ]

# ---- tests ----------------------------------------------------------------
unit-%: $(BUILD)/unit/%
	$<

run-check-suites: $(UNIT_BINS) $(TOOLS_BINS)
	@for t in $(UNIT_BINS); do scripts/run-suite.sh $$(basename $$t) $$t; done
	@for s in $(CHECK_SUITES); do scripts/run-suite.sh $$s $(MAKE) --no-print-directory $$s; done

check:
	@rm -rf $(BUILD)/results
	@$(MAKE) --no-print-directory run-check-suites
	@scripts/sum-results.sh

test:
	@scripts/deps.sh build module
	@rm -rf $(BUILD)/results
	@$(MAKE) --no-print-directory run-check-suites
	@scripts/run-suite.sh module-check $(MAKE) --no-print-directory module-check
	@for s in $(TEST_SUITES); do scripts/run-suite.sh $$s $(MAKE) --no-print-directory $$s; done
	@scripts/sum-results.sh

bench: $(BENCH_TARGETS)

validate: $(VALIDATE_TARGETS)

clean: kbuild-clean
	rm -rf $(BUILD)

-include $(PRED_OBJS:.o=.d) $(COMMON_OBJS:.o=.d) $(UNIT_BINS:=.d)

