// SPDX-License-Identifier: GPL-2.0
/*
 * fuzz_rtsummary.c - libFuzzer target: `gpugov-replay realtime-summary`
 * (tools/replay/cmd_rtsummary.c) on a fuzzed bench CSV, through the
 * command's entry point only (cmd_rtsummary(argc, argv)), so that the
 * target holds whatever the command's insides become.
 *
 * The input is the CSV; a first line "c", "j" or "h" picks the output
 * instead and is left out: --csv, --json, or text with --heat to a file
 * of the harness's; else text.
 *
 * Checks: no crash or UB; the exit status is 0 or 2 (the file is there
 * and readable: never 1, and a malformed one is bad input); on 2 nothing
 * on stdout and no heat file (all or nothing); on 0 something on stdout,
 * with --csv no cell "nan" or "inf", and the heat file there.
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fuzz_util.h"
#include "replay.h"

int cmd_rtsummary(int argc, char **argv);

/* A cell of CSV @text reads nan or inf (with a sign or not). */
static bool nan_cell(char *text)
{
	char *save, *c;

	for (c = strtok_r(text, ",\n", &save); c; c = strtok_r(NULL, ",\n", &save)) {
		c += *c == '-' || *c == '+';
		if (!strcmp(c, "nan") || !strcmp(c, "inf"))
			return true;
	}
	return false;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char mode = size >= 2 && data[1] == '\n' && data[0] && strchr("cjh", data[0]) ?
		    (char)data[0] : 't';
	size_t skip = mode == 't' ? 0 : 2;
	char *csv = fuzz_write_file("bench.csv", data + skip, size - skip);
	char *heat = fuzz_write_file("heat.csv", NULL, 0);
	char *argv[6], *out;
	size_t out_len;
	int argc = 0, rc;

	remove(heat);
	argv[argc++] = "realtime-summary";
	if (mode == 'c')
		argv[argc++] = "--csv";
	else if (mode == 'j')
		argv[argc++] = "--json";
	else if (mode == 'h') {
		argv[argc++] = "--heat";
		argv[argc++] = heat;
	}
	argv[argc++] = csv;
	argv[argc] = NULL;

	rc = fuzz_run_captured(cmd_rtsummary, argc, argv, &out, &out_len);
	FUZZ_CHECK(rc == EXIT_OK || rc == EXIT_USAGE);
	if (rc) {
		FUZZ_CHECK(!out_len && access(heat, F_OK));
	} else {
		FUZZ_CHECK(out_len);
		if (mode == 'c')
			FUZZ_CHECK(!nan_cell(out));
		if (mode == 'h')
			FUZZ_CHECK(!access(heat, F_OK));
	}
	remove(heat);
	free(out);
	free(heat);
	free(csv);
	return 0;
}
