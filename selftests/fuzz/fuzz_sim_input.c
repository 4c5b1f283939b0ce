// SPDX-License-Identifier: GPL-2.0
/*
 * fuzz_sim_input.c - write a fuzz input where gpugov-sim's parsers can
 * open it.
 *
 * The parsers read files by name (and a workload's `use FILE` opens more
 * of them relative to it), so the input goes to the harness's scratch
 * directory, under a name padded to the option line's path=N.  Inputs
 * naming /dev, /proc or /sys are skipped: `use /dev/zero` or a `use` of
 * the harness's own standard input would never end, and says nothing
 * about the parser.
 */
#include <stdlib.h>

#include "fuzz_sim_input.h"
#include "sim_parse.h"

/*
 * Return: the padded path of the written file (free() it), or NULL if
 * the input is to be skipped.
 */
char *fuzz_sim_file(const uint8_t *data, size_t size, const char *name,
		    struct fuzz_opts *o)
{
	size_t off = fuzz_opts_parse(data, size, o);
	char *path, *padded;

	data += off;
	size -= off;
	if (fuzz_has(data, size, "/dev") || fuzz_has(data, size, "/proc") ||
	    fuzz_has(data, size, "/sys"))
		return NULL;
	path = fuzz_write_file(name, data, size);
	padded = fuzz_padded_path(path, o->path_len);
	free(path);
	return padded;
}

/*
 * The parsers' error buffer: exactly SIM_ERR_MAX bytes on the heap, so
 * that a write past it is an AddressSanitizer report.
 */
char *fuzz_sim_err_buf(void)
{
	char *err = calloc(1, SIM_ERR_MAX);

	if (!err)
		abort();
	return err;
}
