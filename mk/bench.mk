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

# End-to-end replay: a 90 000-segment sweep trace of 8 OPPs (generated),
# loaded and run closed loop with CRISP + edp; the run reports the decision
# loop's intervals per second.
BENCH_TARGETS += bench-replay
bench-replay: $(BUILD)/gpugov-replay $(MK_SMALL_SWEEP)
	@$(MK_SMALL_SWEEP) 5000 8 > $(BUILD)/bench-replay.trace
	@s=$$(date +%s%N); $(BUILD)/gpugov-replay run --timing --predictor crisp \
		--objective edp $(BUILD)/bench-replay.trace >/dev/null; \
	e=$$(date +%s%N); echo "gpugov-replay run end to end (parse + all policies): $$(( (e - s) / 1000000 )) ms"
