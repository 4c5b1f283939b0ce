/* SPDX-License-Identifier: GPL-2.0 */
/*
 * outfile.h - output files written all or nothing: the tools write into a
 * temporary file beside the destination and rename it into place only
 * when every byte has reached it, so a write error, a full disk or a
 * failure later in the run leaves the old file (or none) behind, never a
 * partial one.
 */
#ifndef GPUGOV_OUTFILE_H
#define GPUGOV_OUTFILE_H

#include <stdbool.h>
#include <stdio.h>

/**
 * struct outfile - one output being written
 * @f: the stream to write, NULL once closed
 * @path: the destination as the user named it (allocated; NULL for stdout)
 * @dest: what is renamed over: @path with its symbolic links resolved
 *	(allocated)
 * @tmp: the temporary file beside @dest (allocated), NULL when written in
 *	place: stdout, or a destination that is not a regular file (a
 *	device such as /dev/null, a FIFO), which cannot be replaced
 */
struct outfile {
	FILE *f;
	char *path, *dest, *tmp;
};

int outfile_open(struct outfile *o, const char *path, char *err, size_t errlen);
void outfile_stdout(struct outfile *o);
const char *outfile_written(const struct outfile *o);
int outfile_close(struct outfile *o, char *err, size_t errlen);
int outfile_commit(struct outfile *o, char *err, size_t errlen);
void outfile_abort(struct outfile *o);
void outfile_check_stdout_at_exit(const char *prog);

#endif /* GPUGOV_OUTFILE_H */
