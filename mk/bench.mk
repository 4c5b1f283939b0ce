# Decision cost of the predictors/ code: ns per decision, and instructions
# per decision counted by callgrind (repeatable whatever the machine load).
BENCH_DECIDE := $(BUILD)/bench_decide
TOOLS_BINS += $(BENCH_DECIDE)
BENCH_TARGETS += bench-decide

$(BENCH_DECIDE): $(BUILD)/tools/bench/bench_decide.o $(LIBGPUGOV)
	$(CC) -o $@ $^ $(LDLIBS_USER)

bench-decide: $(BENCH_DECIDE)
	@scripts/deps.sh bench
	$(BENCH_DECIDE)
	@echo "instructions per decision (callgrind, 1000 decisions each, minus setup):"
	@scripts/callgrind-per-call.sh $(BENCH_DECIDE) 1000

-include $(BUILD)/tools/bench/bench_decide.d
