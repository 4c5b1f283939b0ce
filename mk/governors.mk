# mk/governors.mk - the governor matrix (scripts/bench-governors.sh):
# first in real time (scripts/bench-realtime.sh, the headline: every
# driver profile at its polling interval, summary by `gpugov-replay
# realtime-summary`), then per frame: every gpugov predictor under `deadline` and `edp` against
# simple_ondemand's stock settings and the oracles, on every suite
# application, both simulated GPUs, paced at 30/60/90% load and back to
# back; then the busy-only path on 60 synthetic paced games as a stock
# driver sees them (scripts/bench-governors-frames.sh).  coremem is first
# calibrated to each GPU on the microbenchmarks (gpugov-replay
# fit-coremem).  Its own target, not part of `make bench` (about a minute
# and a half on two cores; the sweeps and the calibrations are cached in
# build/bench-governors).
#
#   make bench-governors          summary on stdout; realtime.csv,
#                                 realtime-summary.txt, realtime-heatmap.png,
#                                 matrix.csv, matrix.json, summary.txt,
#                                 heatmap.png in build/bench-governors
#   make bench-governors-check    the script's machinery on one application,
#                                 one GPU and two loads (part of `make check`)
.PHONY: bench-governors bench-governors-check rtbench-cli
CHECK_SUITES += bench-governors-check rtbench-cli

# The synthetic games' generator (integer arithmetic: the same bytes on
# every machine, whatever its awk).
BENCH_FRAMES := $(BUILD)/bench_frames
TOOLS_BINS += $(BENCH_FRAMES)

$(BENCH_FRAMES): $(BUILD)/tools/bench/bench_frames.o $(LIBCOMMON) $(LIBGPUGOV)
	$(CC) -o $@ $^ $(LDLIBS_USER)

-include $(BUILD)/tools/bench/bench_frames.d
# test_replay_cli.sh replays one of its steady games.
replay-cli: $(BENCH_FRAMES)

bench-governors: $(BUILD)/gpugov-sim $(BUILD)/gpugov-replay $(BENCH_FRAMES)
	@scripts/deps.sh plot
	@BUILD=$(BUILD) scripts/bench-governors.sh

bench-governors-check: $(BUILD)/gpugov-sim $(BUILD)/gpugov-replay $(BENCH_FRAMES)
	@scripts/deps.sh plot
	@BUILD=$(BUILD) selftests/tools/test_bench_governors.sh

# The real-time section's rows (realtime --ondemand-sweep --models), the
# games it adds (bench-games.sh rates) and its headline (gpugov-replay
# realtime-summary), figures worked by hand.
rtbench-cli: $(BUILD)/gpugov-replay $(BUILD)/mk_small_sweep $(BENCH_FRAMES)
	@selftests/tools/test_rtbench_cli.sh $(BUILD)/gpugov-replay
