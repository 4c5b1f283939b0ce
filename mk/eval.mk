# PCSTALL and GRAPE evaluation figures,
# docs/results-pcstall-grape.md: sweeps of the suite applications at 1-100 us
# epochs on the 1.75x (4opp) and 7x clock ranges, then `gpugov-replay
# nextepoch`, `sensitivity` and `run` over them, and the policies
# re-executed in `gpugov-sim online` (scripts/eval-pcstall-grape.sh); GRAPE
# re-executed with its goals and four power models (scripts/eval-grape.sh).
# About ten minutes on two cores.  The CLI of the replay subcommands is
# tested on small generated traces (eval-cli).
BENCH_TARGETS += bench-pcstall-grape
CHECK_SUITES += eval-cli

bench-pcstall-grape: $(BUILD)/gpugov-sim $(BUILD)/gpugov-replay
	@scripts/eval-pcstall-grape.sh $(BUILD)/gpugov-sim $(BUILD)/gpugov-replay \
		$(SIM_BENCH_GPU) $(BUILD)/eval-pcstall-grape
	@echo
	@echo "== 3. GRAPE re-executed (GRAPE §V)"
	@scripts/eval-grape.sh $(BUILD)/gpugov-sim tools/sim/gpus \
		$(BUILD)/eval-pcstall-grape/wl $(BUILD)/eval-pcstall-grape/grape

eval-cli: $(BUILD)/gpugov-replay
	@selftests/tools/test_eval_cli.sh $(BUILD)/gpugov-replay
