# gpugov-replay: offline replay and evaluation over the predictors/ code.
REPLAY_SRCS := $(wildcard tools/replay/*.c)
REPLAY_OBJS := $(REPLAY_SRCS:%.c=$(BUILD)/%.o)
TOOLS_BINS += $(BUILD)/gpugov-replay
CHECK_SUITES += replay-cli

$(BUILD)/gpugov-replay: $(REPLAY_OBJS) $(LIBCOMMON) $(LIBGPUGOV)
	$(CC) -o $@ $^ $(LDLIBS_USER)

replay-cli: $(BUILD)/gpugov-replay
	@selftests/tools/test_replay_cli.sh $(BUILD)/gpugov-replay

-include $(REPLAY_OBJS:.o=.d)

MK_SMALL_SWEEP := $(BUILD)/mk_small_sweep
$(MK_SMALL_SWEEP): $(BUILD)/selftests/tools/mk_small_sweep.o $(LIBCOMMON) $(LIBGPUGOV)
	$(CC) -o $@ $^ $(LDLIBS_USER)
replay-cli: $(MK_SMALL_SWEEP)
-include $(BUILD)/selftests/tools/mk_small_sweep.d
