# gpugov-sim: the GPU timing simulator (tools/sim), its library for the
# unit tests, its command-line tests and its benchmark.  Everything in tools/sim/*.c but the
# command-line front end goes into build/libgpugov-sim.a.

SIM_MAIN := tools/sim/sim_main.c
SIM_SRCS := $(filter-out $(SIM_MAIN),$(wildcard tools/sim/*.c))
SIM_OBJS := $(SIM_SRCS:%.c=$(BUILD)/%.o)
LIBSIM := $(BUILD)/libgpugov-sim.a
SIM_BIN := $(BUILD)/gpugov-sim
SIM_TEST_BINS := $(filter $(BUILD)/unit/test_sim%,$(UNIT_BINS))

TOOLS_BINS += $(SIM_BIN)
BENCH_TARGETS += bench-sim

$(BUILD)/tools/sim/%.o: CFLAGS_USER += -Itools/sim

$(LIBSIM): $(SIM_OBJS)
	@rm -f $@
	ar rcs $@ $^

$(SIM_BIN): $(BUILD)/tools/sim/sim_main.o $(LIBSIM) $(LIBCOMMON) $(LIBGPUGOV)
	$(CC) $(CFLAGS_USER) $(LDFLAGS_USER) -o $@ $^ $(LDLIBS_USER)

# The simulator's unit tests link its library too.
$(SIM_TEST_BINS): $(BUILD)/unit/%: selftests/unit/%.c $(LIBSIM) $(LIBCOMMON) $(LIBGPUGOV) | deps
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_USER) -Iselftests/unit -Itools/sim -MMD -MP -o $@ $< \
		$(LIBSIM) $(LIBCOMMON) $(LIBGPUGOV) $(LDLIBS_USER)

-include $(SIM_OBJS:.o=.d) $(BUILD)/tools/sim/sim_main.d

SIM_BENCH_GPU ?= tools/sim/gpus/fermi-15sm.gpu

bench-sim: $(SIM_BIN)
	@tools/sim/bench-sim.sh $(SIM_BIN) $(SIM_BENCH_GPU) $(BUILD)/sim-traces

CHECK_SUITES += sim-cli
sim-cli: $(SIM_BIN)
	@scripts/deps.sh bench
	@selftests/tools/test_sim_cli.sh $(SIM_BIN)

# Open-loop MAPE with the realism knobs off and on (docs/results-sim.md,
# "Realism knobs"); about 20 s per GPU on two cores.
SIM_REALISM_GPUS ?= $(addprefix tools/sim/gpus/,fermi-15sm.gpu \
	fermi-15sm-l2core.gpu maxwell-16sm.gpu maxwell-16sm-l2core.gpu)
BENCH_TARGETS += bench-sim-realism
bench-sim-realism: $(SIM_BIN)
	@tools/sim/accuracy-sim.sh $(SIM_BIN) $(BUILD)/sim-realism $(SIM_REALISM_GPUS)
