// SPDX-License-Identifier: GPL-2.0
/*
 * simblob.c - write gpugov_sim blobs (little-endian, see
 * drivers_glue/gpugov_simblob.h).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "simblob.h"

/**
 * simblob_alloc() - zeroed records for @nr_segs segments at @nr_opps OPPs
 * @b: blob to set up
 * @nr_opps: 1..GPUGOV_MAX_OPPS
 * @nr_segs: 1..GPUGOV_SIMBLOB_MAX_SEGS
 *
 * Return: 0, -EINVAL or -ENOMEM.
 */
int simblob_alloc(struct simblob *b, u32 nr_opps, u32 nr_segs)
{
	memset(b, 0, sizeof(*b));
	if (!nr_opps || nr_opps > GPUGOV_MAX_OPPS || !nr_segs ||
	    nr_segs > GPUGOV_SIMBLOB_MAX_SEGS)
		return -EINVAL;
	b->rec = calloc((size_t)nr_opps * nr_segs * GPUGOV_SB_NR_FIELDS,
			sizeof(u64));
	if (!b->rec)
		return -ENOMEM;
	b->nr_opps = nr_opps;
	b->nr_segs = nr_segs;
	return 0;
}

/**
 * simblob_rec() - the fields of segment @seg at OPP @opp
 * @b: blob
 * @seg: segment
 * @opp: OPP index
 */
u64 *simblob_rec(struct simblob *b, u32 seg, u32 opp)
{
	return b->rec + ((size_t)seg * b->nr_opps + opp) * GPUGOV_SB_NR_FIELDS;
}

static int put_le(FILE *f, u64 v, int bytes)
{
	unsigned char c[8];
	int i;

	for (i = 0; i < bytes; i++)
		c[i] = (unsigned char)(v >> (8 * i));
	return fwrite(c, 1, bytes, f) == (size_t)bytes ? 0 : -EIO;
}

/**
 * simblob_write() - write @b as a blob
 * @b: blob
 * @f: output
 *
 * Return: 0 or -EIO.
 */
int simblob_write(const struct simblob *b, FILE *f)
{
	size_t n = (size_t)b->nr_segs * b->nr_opps * GPUGOV_SB_NR_FIELDS, i;
	u64 total = sizeof(struct gpugov_simblob_hdr) +
		    (u64)b->nr_opps * sizeof(struct gpugov_simblob_opp) + n * 8;
	int err = 0;
	u32 o;

	if (fwrite(GPUGOV_SIMBLOB_MAGIC, 1, 8, f) != 8)
		return -EIO;
	err |= put_le(f, GPUGOV_SIMBLOB_VERSION, 4);
	err |= put_le(f, sizeof(struct gpugov_simblob_hdr), 4);
	err |= put_le(f, b->nr_opps, 4);
	err |= put_le(f, b->nr_segs, 4);
	err |= put_le(f, GPUGOV_SB_NR_FIELDS, 4);
	err |= put_le(f, b->caps, 4);
	err |= put_le(f, 0, 4);		/* flags */
	err |= put_le(f, 0, 4);		/* reserved */
	err |= put_le(f, total, 8);
	for (o = 0; o < b->nr_opps; o++) {
		err |= put_le(f, b->opp[o].core_khz, 4);
		err |= put_le(f, b->opp[o].mem_khz, 4);
		err |= put_le(f, b->opp[o].uv, 4);
		err |= put_le(f, b->opp[o].power_uw, 4);
	}
	for (i = 0; i < n && !err; i++)
		err |= put_le(f, b->rec[i], 8);
	return err ? -EIO : 0;
}

/**
 * simblob_free() - release the records
 * @b: blob
 */
void simblob_free(struct simblob *b)
{
	free(b->rec);
	b->rec = NULL;
}
