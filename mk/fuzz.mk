# mk/fuzz.mk - in-tree fuzzing with libFuzzer (selftests/fuzz/, docs/fuzzing.md).
#
#   make fuzz [FUZZ_S=N] [FUZZ_TARGETS="trace wl"] [FUZZ_ARGS=-detect_leaks=0]
#                    build every harness and fuzz each for N seconds
#                    (default 60), niced, past known crashes; prints the
#                    executions per target and the total.  New inputs
#                    go to build/fuzz/work/T, crashes to build/fuzz/artifacts/T;
#                    FUZZ_ARGS are more libFuzzer options for every target.
#   make fuzz-merge  minimise selftests/fuzz/corpus/T plus build/fuzz/work/T
#                    back into selftests/fuzz/corpus/T, dropping inputs
#                    that crash today
#   make fuzz-replay (CHECK suite) every file of selftests/fuzz/corpus/T
#                    and selftests/fuzz/crashes/T through T's sanitizer
#                    build; one TAP line per target
#
# The tool sources are compiled again with clang, coverage instrumentation,
# AddressSanitizer and UndefinedBehaviorSanitizer (UB aborts); the
# simulator's parsers also with unsigned-shift-base, so that a size suffix
# that shifts bits out ("18014398509481985k") is caught.

FUZZ_CC ?= clang
FUZZ := $(BUILD)/fuzz
FUZZ_S ?= 60
FUZZ_ALL := trace wl gpu import policy fixed rows sample sim coremem policy_range \
	rt realtime rtsummary
FUZZ_TARGETS ?= $(FUZZ_ALL)
FUZZ_SAN := -fsanitize=address,undefined -fno-sanitize-recover=undefined
FUZZ_CFLAGS := $(filter-out -O2,$(CFLAGS_USER)) -O1 -fno-omit-frame-pointer \
	$(FUZZ_SAN) -fsanitize=fuzzer-no-link -Iselftests/fuzz
FUZZ_LDFLAGS := $(FUZZ_SAN) -fsanitize=fuzzer

# Tool code under test, as one library (the mains left out).
FZ_LIB_SRCS := $(wildcard predictors/*.c tools/common/*.c) drivers_glue/sim_rt.c drivers_glue/sim_smu.c \
	$(filter-out tools/sim/sim_main.c tools/replay/replay.c, \
		$(wildcard tools/sim/*.c tools/replay/*.c))
FZ_LIB_OBJS := $(FZ_LIB_SRCS:%.c=$(FUZZ)/obj/%.o)
FZ_LIB := $(FUZZ)/libgpugov-fuzz.a
FZ_HARNESS_SRCS := $(wildcard selftests/fuzz/*.c)
FZ_HARNESS_OBJS := $(FZ_HARNESS_SRCS:%.c=$(FUZZ)/obj/%.o)
FZ_BINS := $(FUZZ_ALL:%=$(FUZZ)/fuzz_%)

# Each target's helpers besides its harness.
FZ_EXTRA_trace := trace_canon
FZ_EXTRA_wl := fuzz_sim_input
FZ_EXTRA_gpu := fuzz_sim_input
FZ_EXTRA_import := import_check
FZ_EXTRA_policy := policy_input
FZ_EXTRA_fixed :=
FZ_EXTRA_rows :=
FZ_EXTRA_sample :=
FZ_EXTRA_sim := fuzz_sim_input
FZ_EXTRA_coremem := policy_input
FZ_EXTRA_policy_range := policy_input
FZ_EXTRA_rt := rt_bound
FZ_EXTRA_realtime := rt_bound
FZ_EXTRA_rtsummary :=
# plot's gnuplot, replaced by a stream in memory (fuzz_rows.c)
FZ_LDFLAGS_rows := -Wl,--wrap=popen -Wl,--wrap=pclose

$(FUZZ)/obj/tools/sim/%.o: FUZZ_CFLAGS += -Itools/sim \
	-fsanitize=unsigned-shift-base -fno-sanitize-recover=unsigned-shift-base
$(FUZZ)/obj/selftests/fuzz/fuzz_wl.o $(FUZZ)/obj/selftests/fuzz/fuzz_gpu.o \
$(FUZZ)/obj/selftests/fuzz/fuzz_sim.o \
$(FUZZ)/obj/selftests/fuzz/fuzz_sim_input.o: FUZZ_CFLAGS += -Itools/sim
$(FUZZ)/obj/selftests/fuzz/fuzz_import.o $(FUZZ)/obj/selftests/fuzz/fuzz_rows.o \
$(FUZZ)/obj/selftests/fuzz/fuzz_sample.o \
$(FUZZ)/obj/selftests/fuzz/fuzz_policy_range.o \
$(FUZZ)/obj/selftests/fuzz/fuzz_realtime.o \
$(FUZZ)/obj/selftests/fuzz/fuzz_rtsummary.o: FUZZ_CFLAGS += -Itools/replay
$(FUZZ)/obj/selftests/fuzz/fuzz_rt.o $(FUZZ)/obj/selftests/fuzz/rt_bound.o \
$(FUZZ)/obj/selftests/fuzz/fuzz_realtime.o: FUZZ_CFLAGS += -Idrivers_glue

.PHONY: fuzz fuzz-deps fuzz-build fuzz-merge fuzz-replay

fuzz-deps:
	@scripts/deps.sh fuzz

$(FUZZ)/obj/%.o: %.c | fuzz-deps
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -MMD -MP -c -o $@ $<

$(FZ_LIB): $(FZ_LIB_OBJS)
	@rm -f $@
	ar rcs $@ $^

# fuzz_T: its harness, its helpers, the shared ones, the code under test.
define fuzz_bin
$(FUZZ)/fuzz_$(1): $(FUZZ)/obj/selftests/fuzz/fuzz_$(1).o \
		$(FZ_EXTRA_$(1):%=$(FUZZ)/obj/selftests/fuzz/%.o) \
		$(FUZZ)/obj/selftests/fuzz/fuzz_util.o $(FZ_LIB)
	$(FUZZ_CC) $(FUZZ_LDFLAGS) $(FZ_LDFLAGS_$(1)) -o $$@ $$^ $(LDLIBS_USER)
endef
$(foreach t,$(FUZZ_ALL),$(eval $(call fuzz_bin,$(t))))

fuzz-build: $(FZ_BINS)

fuzz: fuzz-build
	@FUZZ_ARGS="$(FUZZ_ARGS)" selftests/fuzz/run-fuzz.sh $(FUZZ) $(FUZZ_S) $(FUZZ_TARGETS)

fuzz-merge: fuzz-build
	@selftests/fuzz/merge.sh $(FUZZ) $(FUZZ_TARGETS)

CHECK_SUITES += fuzz-replay
fuzz-replay: fuzz-build
	@selftests/fuzz/replay.sh $(FUZZ) $(FUZZ_ALL)

-include $(FZ_LIB_OBJS:.o=.d) $(FZ_HARNESS_OBJS:.o=.d)
