// SPDX-License-Identifier: GPL-2.0
/*
 * sim_blob.c - parse and validate a gpugov_simblob into a sim_trace.
 *
 * The blob comes from userspace through debugfs: every size and count is
 * checked before use, multiplications are done in 64 bits against the
 * blob's length, and the records are copied out (little-endian,
 * unaligned) into an array of the fields this module knows.
 */
#include <linux/errno.h>
#include <linux/overflow.h>
#include <linux/slab.h>
#include <linux/string.h>
#include "sim_unaligned.h"

#include "sim.h"

#define SIM_HDR_MIN	sizeof(struct gpugov_simblob_hdr)

/**
 * sim_trace_rec() - record of segment @seg at OPP @opp
 * @t: trace with at least one segment
 * @seg: segment, < t->nr_segs
 * @opp: OPP index, < t->nr_opps
 */
const u64 *sim_trace_rec(const struct sim_trace *t, u32 seg, u32 opp)
{
	return t->rec + ((size_t)seg * t->nr_opps + opp) * GPUGOV_SB_NR_FIELDS;
}

/*
 * The OPPs' frequencies in Hz: their kHz, less i * sim_hz_skew for the
 * i-th lowest, so that a table can be made that is not whole kHz (as
 * Amlogic's Mali OPPs, 124999998 Hz...), or has two OPPs in one kHz.
 * They must stay positive and ascending.
 */
static int sim_set_hz(struct sim_trace *t)
{
	u32 i;

	for (i = 0; i < t->nr_opps; i++) {
		u64 hz = (u64)t->opp[i].core_khz * 1000;
		u64 skew = (u64)i * sim_hz_skew;

		if (hz <= skew || hz - skew > ULONG_MAX ||
		    (i && hz - skew <= t->hz[i - 1]))
			return -EINVAL;
		t->hz[i] = hz - skew;
	}
	return 0;
}

static int sim_parse_opps(struct sim_trace *t, const u8 *p)
{
	u32 i;

	for (i = 0; i < t->nr_opps; i++, p += sizeof(struct gpugov_simblob_opp)) {
		struct gpugov_simblob_opp *o = &t->opp[i];

		o->core_khz = get_unaligned_le32(p);
		o->mem_khz = get_unaligned_le32(p + 4);
		o->uv = get_unaligned_le32(p + 8);
		o->power_uw = get_unaligned_le32(p + 12);
		if (!o->core_khz || (i && o->core_khz <= t->opp[i - 1].core_khz))
			return -EINVAL;
	}
	return sim_set_hz(t);
}

static int sim_parse_recs(struct sim_trace *t, const u8 *p, u32 nr_fields)
{
	size_t n = (size_t)t->nr_segs * t->nr_opps, i;
	u32 f, keep = min_t(u32, nr_fields, GPUGOV_SB_NR_FIELDS);

	t->rec = kvcalloc(n * GPUGOV_SB_NR_FIELDS, sizeof(u64), GFP_KERNEL);
	if (!t->rec)
		return -ENOMEM;
	for (i = 0; i < n; i++, p += (size_t)nr_fields * 8) {
		u64 *r = t->rec + i * GPUGOV_SB_NR_FIELDS;

		for (f = 0; f < keep; f++)
			r[f] = get_unaligned_le64(p + (size_t)f * 8);
		/* A segment takes time and is busy at most all of it. */
		if (!r[GPUGOV_SB_INTERVAL_NS] ||
		    r[GPUGOV_SB_BUSY_NS] > r[GPUGOV_SB_INTERVAL_NS])
			return -EINVAL;
	}
	return 0;
}

/**
 * sim_trace_parse() - build a trace from a complete blob
 * @buf: the blob
 * @len: its length, which must equal its header's total_size
 *
 * Return: the trace, or an ERR_PTR: -EINVAL for a malformed blob, -ENOMEM.
 */
struct sim_trace *sim_trace_parse(const u8 *buf, size_t len)
{
	u32 version, hdr_size, nr_opps, nr_segs, nr_fields, flags;
	u64 total, need;
	struct sim_trace *t;
	int err;

	if (len < SIM_HDR_MIN || memcmp(buf, GPUGOV_SIMBLOB_MAGIC, 8))
		return ERR_PTR(-EINVAL);
	version = get_unaligned_le32(buf + 8);
	hdr_size = get_unaligned_le32(buf + 12);
	nr_opps = get_unaligned_le32(buf + 16);
	nr_segs = get_unaligned_le32(buf + 20);
	nr_fields = get_unaligned_le32(buf + 24);
	flags = get_unaligned_le32(buf + 32);
	total = get_unaligned_le64(buf + 40);
	if (version != GPUGOV_SIMBLOB_VERSION || hdr_size < SIM_HDR_MIN ||
	    hdr_size > 4096 || !nr_opps || nr_opps > GPUGOV_MAX_OPPS ||
	    !nr_segs || nr_segs > GPUGOV_SIMBLOB_MAX_SEGS || nr_fields < 2 ||
	    nr_fields > 1024 || flags || total != len)
		return ERR_PTR(-EINVAL);
	need = hdr_size + (u64)nr_opps * sizeof(struct gpugov_simblob_opp) +
	       (u64)nr_segs * nr_opps * nr_fields * 8;
	if (need != len || (u64)nr_segs * nr_opps * GPUGOV_SB_NR_FIELDS * 8 >
			   GPUGOV_SIMBLOB_MAX_SIZE)
		return ERR_PTR(-EINVAL);

	t = kzalloc(sizeof(*t), GFP_KERNEL);
	if (!t)
		return ERR_PTR(-ENOMEM);
	t->nr_opps = nr_opps;
	t->nr_segs = nr_segs;
	t->caps = get_unaligned_le32(buf + 28) & GPUGOV_CAP_ALL &
		  ~GPUGOV_CAP_WAVES;
	err = sim_parse_opps(t, buf + hdr_size);
	if (!err)
		err = sim_parse_recs(t, buf + hdr_size +
				     nr_opps * sizeof(struct gpugov_simblob_opp),
				     nr_fields);
	if (err) {
		sim_trace_free(t);
		return ERR_PTR(err);
	}
	return t;
}

/**
 * sim_trace_default() - the trace a device starts with: four OPPs, no
 * segments (the device idles until a trace is loaded)
 *
 * Return: the trace, or NULL (out of memory, or hz_skew too large for it).
 */
struct sim_trace *sim_trace_default(void)
{
	static const u32 khz[] = { 200000, 400000, 600000, 800000 };
	struct sim_trace *t = kzalloc(sizeof(*t), GFP_KERNEL);
	u32 i;

	if (!t)
		return NULL;
	t->nr_opps = ARRAY_SIZE(khz);
	for (i = 0; i < t->nr_opps; i++) {
		t->opp[i].core_khz = khz[i];
		t->opp[i].uv = 800000 + 100000 * i;
	}
	if (sim_set_hz(t)) {
		sim_trace_free(t);
		return NULL;
	}
	return t;
}

/**
 * sim_trace_free() - free a trace
 * @t: trace or NULL
 */
void sim_trace_free(struct sim_trace *t)
{
	if (!t)
		return;
	kvfree(t->rec);
	kfree(t);
}
