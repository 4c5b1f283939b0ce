// SPDX-License-Identifier: GPL-2.0
/*
 * fuzz_sample.c - libFuzzer target: `gpugov-replay predict --sample FILE`
 * (tools/replay/parse.c parse_sample_file(), cmd_predict.c).
 *
 * The input is a sample file (FIELD=VALUE lines, '#' comments), after an
 * optional option line whose opps=LIST is the --opps of the command (a
 * three-OPP table with power otherwise).  The reader must accept it or
 * refuse it as malformed, naming FILE:LINE, never as unreadable: it is a
 * readable regular file.  An accepted sample marks only the counter
 * groups of its fields.  Then the whole command runs on it, its output
 * thrown away: every model and objective on the sample, exit 0 or 2.
 */
#include <stdlib.h>
#include <string.h>

#include "fuzz_util.h"
#include "replay.h"

#define DEFAULT_OPPS	"300000@800000:700000:1000000,600000@1600000:800000:3000000," \
			"900000@1600000:900000:6000000"

int cmd_predict(int argc, char **argv);

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	/* predict's tables; libFuzzer reports on stderr */
	if (!freopen("/dev/null", "w", stdout))
		abort();
	return 0;
}

static void fuzz_reader(const char *path)
{
	struct gpugov_sample s;
	char err[512];
	int rc;

	memset(&s, 0, sizeof(s));
	err[0] = '\0';
	rc = parse_sample_file(path, &s, err, sizeof(err));
	FUZZ_CHECK(rc == EXIT_OK || rc == EXIT_USAGE);
	if (rc)
		FUZZ_CHECK(fuzz_names_path(err, path));
	else
		FUZZ_CHECK(!(s.caps & ~GPUGOV_CAP_ALL));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fuzz_opts o;
	size_t off = fuzz_opts_parse(data, size, &o);
	char *file = fuzz_write_file("sample.txt", data + off, size - off);
	char *path = fuzz_padded_path(file, o.path_len);
	char *argv[] = {
		"predict", "--opps", o.opps[0] ? o.opps : DEFAULT_OPPS,
		"--sample", path, "--csv", NULL,
	};
	int rc;

	fuzz_reader(path);
	rc = cmd_predict(ARRAY_SIZE(argv) - 1, argv);
	FUZZ_CHECK(rc == EXIT_OK || rc == EXIT_USAGE);
	free(path);
	free(file);
	return 0;
}
