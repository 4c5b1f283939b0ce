# gpugov-replay import: measurement CSVs to traces, never losing data
# silently (selftests/tools/test_import_cli.sh on the synthetic fixtures of
# selftests/tools/import/), and the fetch of the public GTX 980
# measurements into a cache outside the tree (scripts/fetch-data.sh).
CHECK_SUITES += import-cli fetch-data

.PHONY: import-cli fetch-data
import-cli: $(BUILD)/gpugov-replay
	@selftests/tools/test_import_cli.sh $(BUILD)/gpugov-replay

fetch-data:
	@selftests/tools/test_fetch_data.sh scripts/fetch-data.sh
