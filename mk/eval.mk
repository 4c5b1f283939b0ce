# PCSTALL and GRAPE evaluation figures,
# docs/results-pcstall-grape.md: sweeps of the suite applications at 1-100 us
# epochs, then `gpugov-replay sensitivity`, `run` and `settle` over them
# (scripts/eval-pcstall-grape.sh; a few minutes on two cores).  The CLI of
# those two subcommands is tested on small generated traces (eval-cli).
BENCH_TARGETS += bench-pcstall-grape
CHECK_SUITES += eval-cli

bench-pcstall-grape: $(BUILD)/gpugov-sim $(BUILD)/gpugov-replay
	@scripts/eval-pcstall-grape.sh $(BUILD)/gpugov-sim $(BUILD)/gpugov-replay \
		$(SIM_BENCH_GPU) $(BUILD)/eval-pcstall-grape

eval-cli: $(BUILD)/gpugov-replay
	@selftests/tools/test_eval_cli.sh $(BUILD)/gpugov-replay
