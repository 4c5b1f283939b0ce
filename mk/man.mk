# mk/man.mk - the man pages in docs/man (roff, man(7) macros; packaging
# installs docs/man/*.[1-9]).
#
#   make man-check  (part of `make check`) every subcommand and option the
#                   tools print in --help is in their man page, --help
#                   exits 0 with the usage on stdout, and every page
#                   renders without a groff warning
#   make man-examples  (part of `make check`) the pages name installed
#                   paths, not the source tree's, and every example that
#                   needs no GPU device runs, against the build tree
#                   (selftests/tools/test_man_examples.sh)

MAN_PAGES := $(sort $(wildcard docs/man/*.[1-9]))
MAN_TOOLS := gpugov-replay:$(BUILD)/gpugov-replay:docs/man/gpugov-replay.1 \
	gpugov-sim:$(BUILD)/gpugov-sim:docs/man/gpugov-sim.1 \
	gpugov-trace:$(BUILD)/gpugov-trace:docs/man/gpugov-trace.8 \
	gpugov-simblob:$(BUILD)/gpugov-simblob:docs/man/gpugov-simblob.1 \
	gpugov-frames:$(BUILD)/gpugov-frames:docs/man/gpugov-frames.1 \
	gpugov-ab:$(BUILD)/gpugov-ab:docs/man/gpugov-ab.8 \
	gpugov-status:$(BUILD)/gpugov-status:docs/man/gpugov-status.1

CHECK_SUITES += man-check
.PHONY: man-check
man-check: $(BUILD)/gpugov-replay $(BUILD)/gpugov-sim $(BUILD)/gpugov-trace $(BUILD)/gpugov-simblob \
		$(BUILD)/gpugov-frames $(BUILD)/gpugov-ab $(BUILD)/gpugov-status
	@scripts/deps.sh man
	@MAN_PAGES="$(MAN_PAGES)" selftests/tools/test_man.sh $(MAN_TOOLS)

CHECK_SUITES += man-examples
.PHONY: man-examples
man-examples: $(BUILD)/gpugov-replay $(BUILD)/gpugov-sim $(BUILD)/gpugov-simblob $(BUILD)/gpugov-frames $(BUILD)/gpugov-ab sim-demo
	@selftests/tools/test_man_examples.sh $(BUILD) $(MAN_PAGES)
