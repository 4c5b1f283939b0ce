# mk/sanitize.mk - the unit tests and the tools built once more under
# sanitizers, and run (docs/testing.md, "Sanitizers"):
#
#   asan  AddressSanitizer (with LeakSanitizer) + UndefinedBehaviorSanitizer,
#         every UB report fatal
#   msan  MemorySanitizer with origin tracking: reads of uninitialised
#         memory, the class of bug valgrind's memcheck finds, at a few
#         times native speed instead of valgrind's 20-50
#
# For each KIND, two check suites: unit-KIND runs every unit test binary,
# cli-KIND runs the command-line suites (replay-cli, sim-cli, import-cli,
# eval-cli) against the sanitized gpugov-replay and gpugov-sim.  A check
# fails on its own result or on any sanitizer report (written to a log
# directory, so a report fails the run even where the tool's exit status
# was the one a test expected).

SAN_CC ?= clang
SAN := $(BUILD)/san
SAN_KINDS := asan msan
SAN_FLAGS_asan := -fsanitize=address,undefined -fno-sanitize-recover=all
SAN_FLAGS_msan := -fsanitize=memory -fsanitize-memory-track-origins
SAN_CFLAGS := $(filter-out -O2,$(CFLAGS_USER)) -O1 -fno-omit-frame-pointer

# Everything the unit tests and the two tools link, mains apart.
SAN_LIB_SRCS := $(PRED_SRCS) $(COMMON_SRCS) \
	$(filter-out tools/sim/sim_main.c tools/replay/replay.c, \
		$(wildcard tools/sim/*.c tools/replay/*.c)) \
	tools/frames/sched.c tools/frames/record.c
SAN_CLI_SUITES := replay-cli sim-cli import-cli eval-cli

.PHONY: san-deps $(SAN_KINDS:%=unit-%) $(SAN_KINDS:%=cli-%)

san-deps:
	@scripts/deps.sh fuzz

# san_kind KIND: objects, library, unit tests, tools and suites of KIND.
define san_kind
$(SAN)/$(1)/obj/%.o: %.c | san-deps
	@mkdir -p $$(dir $$@)
	$(SAN_CC) $(SAN_CFLAGS) $(SAN_FLAGS_$(1)) $$(SAN_INC) -MMD -MP -c -o $$@ $$<

$(SAN)/$(1)/libsan.a: $(SAN_LIB_SRCS:%.c=$(SAN)/$(1)/obj/%.o)
	@rm -f $$@
	ar rcs $$@ $$^

.SECONDARY: $(UNIT_SRCS:%.c=$(SAN)/$(1)/obj/%.o)
$(SAN)/$(1)/unit/%: $(SAN)/$(1)/obj/selftests/unit/%.o $(SAN)/$(1)/libsan.a
	@mkdir -p $$(dir $$@)
	$(SAN_CC) $(SAN_FLAGS_$(1)) -o $$@ $$^ $(LDLIBS_USER)

$(SAN)/$(1)/gpugov-replay: $(SAN)/$(1)/obj/tools/replay/replay.o $(SAN)/$(1)/libsan.a
	$(SAN_CC) $(SAN_FLAGS_$(1)) -o $$@ $$^ $(LDLIBS_USER)

$(SAN)/$(1)/gpugov-sim: $(SAN)/$(1)/obj/tools/sim/sim_main.o $(SAN)/$(1)/libsan.a
	$(SAN_CC) $(SAN_FLAGS_$(1)) -o $$@ $$^ $(LDLIBS_USER)

# replay-cli finds its trace generators beside the binary under test.
$(SAN)/$(1)/%: $(SAN)/$(1)/obj/selftests/tools/%.o $(SAN)/$(1)/libsan.a
	$(SAN_CC) $(SAN_FLAGS_$(1)) -o $$@ $$^ $(LDLIBS_USER)
$(SAN)/$(1)/%: $(SAN)/$(1)/obj/tools/bench/%.o $(SAN)/$(1)/libsan.a
	$(SAN_CC) $(SAN_FLAGS_$(1)) -o $$@ $$^ $(LDLIBS_USER)

CHECK_SUITES += unit-$(1) cli-$(1)
unit-$(1): $(UNIT_SRCS:selftests/unit/%.c=$(SAN)/$(1)/unit/%)
	@selftests/tools/run_sanitized.sh $(1) $(SAN)/$(1)/reports unit $$^

cli-$(1): $(SAN)/$(1)/gpugov-replay $(SAN)/$(1)/gpugov-sim $(SAN)/$(1)/mk_small_sweep \
		$(SAN)/$(1)/bench_frames
	@scripts/deps.sh plot bench
	@selftests/tools/run_sanitized.sh $(1) $(SAN)/$(1)/reports cli \
		$(SAN)/$(1)/gpugov-replay $(SAN)/$(1)/gpugov-sim

-include $(shell find $(SAN)/$(1)/obj -name '*.d' 2>/dev/null)
endef

# The include paths of the ordinary build, per directory.
SAN_INC = -Ipredictors -Itools/common
$(foreach k,$(SAN_KINDS),$(eval $(call san_kind,$(k))))
$(foreach k,$(SAN_KINDS),$(eval $(SAN)/$(k)/obj/tools/replay/%.o: SAN_INC += -Idrivers_glue))
$(foreach k,$(SAN_KINDS),$(eval $(SAN)/$(k)/obj/tools/sim/%.o: SAN_INC += -Itools/sim))
$(foreach k,$(SAN_KINDS),$(eval $(SAN)/$(k)/obj/selftests/unit/%.o: SAN_INC += -Iselftests/unit -Itools/sim -Idrivers_glue))
# gpugov-frames' schedules and jank rule (not -Itools/frames for every unit
# test: its sched.h would hide the C library's <sched.h>)
$(foreach k,$(SAN_KINDS),$(eval $(SAN)/$(k)/obj/selftests/unit/test_frames.o: SAN_INC += -Itools/frames))
