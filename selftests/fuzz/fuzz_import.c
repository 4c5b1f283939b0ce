// SPDX-License-Identifier: GPL-2.0
/*
 * fuzz_import.c - libFuzzer target: `gpugov-replay import` of CSV
 * measurements (tools/replay/cmd_import.c over tools/common/csvtab.c and
 * nvdvfs.c).
 *
 * The input is written to a file and imported with both layouts, csv
 * and nvdvfs, through the command itself (cmd_import()).  When an import
 * succeeds, every trace it wrote must be one the trace reader accepts
 * (busy_ns <= interval_ns, ...), and hold the input's values, not
 * wrapped ones (import_check.c).
 */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "fuzz_util.h"
#include "import_check.h"
#include "replay.h"

static void import(const char *layout, const char *path, const char *out)
{
	char *argv[] = { "import", (char *)layout, (char *)path, "--out",
			 (char *)out, NULL };

	fuzz_clear_dir(out);
	if (cmd_import(5, argv) == EXIT_OK)
		import_check(layout, path, out);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char *out;
	struct fuzz_opts o;
	size_t off = fuzz_opts_parse(data, size, &o);
	char *file, *path;

	if (!out) {
		if (asprintf(&out, "%s/out", fuzz_tmpdir()) < 0 ||
		    mkdir(out, 0700))
			abort();
	}
	file = fuzz_write_file("in.csv", data + off, size - off);
	path = fuzz_padded_path(file, o.path_len);
	import("csv", path, out);
	import("nvdvfs", path, out);
	fuzz_clear_dir(out);
	free(path);
	free(file);
	return 0;
}
