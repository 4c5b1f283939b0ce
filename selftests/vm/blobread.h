/* SPDX-License-Identifier: GPL-2.0 */
/*
 * blobread.h - read a gpugov_sim blob back in a guest test: the OPP table,
 * each (segment, OPP) record's fields, and the sample gpugov_sim's counter
 * source hands gpugov for it.
 */
#ifndef GPUGOV_BLOBREAD_H
#define GPUGOV_BLOBREAD_H

#include "vmtap.h"
#include "gpugov_sample.h"
#include "gpugov_simblob.h"

struct blob {
	u32 nr_opps, nr_segs, nr_fields, caps, hdr_size;
	struct gpugov_opp_table table;
	const unsigned char *rec;
	unsigned char *data;
};

static inline u32 le32(const unsigned char *p)
{
	return p[0] | p[1] << 8 | p[2] << 16 | (u32)p[3] << 24;
}

static inline u64 le64(const unsigned char *p)
{
	return le32(p) | (u64)le32(p + 4) << 32;
}

static inline int blob_read(const char *path, struct blob *b)
{
	static unsigned char buf[4 << 20];
	int n = vt_read(path, (char *)buf, sizeof(buf));
	const unsigned char *o;
	u32 i;

	if (n < (int)sizeof(struct gpugov_simblob_hdr))
		return -1;
	b->data = buf;
	b->hdr_size = le32(buf + 12);
	b->nr_opps = le32(buf + 16);
	b->nr_segs = le32(buf + 20);
	b->nr_fields = le32(buf + 24);
	b->caps = le32(buf + 28);
	memset(&b->table, 0, sizeof(b->table));
	b->table.nr = b->nr_opps;
	o = buf + b->hdr_size;
	for (i = 0; i < b->nr_opps; i++, o += 16) {
		/* What gpugov's table holds: core clock and voltage. */
		b->table.opp[i].core_khz = le32(o);
		b->table.opp[i].uv = le32(o + 8);
	}
	b->rec = o;
	return 0;
}

static inline u64 field(const struct blob *b, u32 seg, u32 opp, u32 f)
{
	if (f >= b->nr_fields)
		return 0;
	return le64(b->rec + (((size_t)seg * b->nr_opps + opp) * b->nr_fields +
			      f) * 8);
}

/* The sample gpugov_sim's counter source hands gpugov. */
static inline void sample_of(const struct blob *b, u32 seg, u32 opp,
		      struct gpugov_sample *s)
{
	const unsigned char *o = b->data + b->hdr_size + opp * 16;

	memset(s, 0, sizeof(*s));
	s->interval_ns = field(b, seg, opp, GPUGOV_SB_INTERVAL_NS);
	s->busy_ns = field(b, seg, opp, GPUGOV_SB_BUSY_NS);
	s->core_khz = le32(o);
	s->mem_khz = le32(o + 4);
	s->caps = b->caps & GPUGOV_CAP_ALL & ~GPUGOV_CAP_WAVES;
	if (s->mem_khz)
		s->caps |= GPUGOV_CAP_MEM_KHZ;
	s->insts = field(b, seg, opp, GPUGOV_SB_INSTS);
	s->load_stall_cyc = field(b, seg, opp, GPUGOV_SB_LOAD_STALL_CYC);
	s->store_stall_cyc = field(b, seg, opp, GPUGOV_SB_STORE_STALL_CYC);
	s->lcp_cyc = field(b, seg, opp, GPUGOV_SB_LCP_CYC);
	s->lcp_core_cyc = field(b, seg, opp, GPUGOV_SB_LCP_CORE_CYC);
	s->lcp_wait_cyc = field(b, seg, opp, GPUGOV_SB_LCP_WAIT_CYC);
	s->l2_busy_cyc = field(b, seg, opp, GPUGOV_SB_L2_BUSY_CYC);
	s->dram_busy_cyc = field(b, seg, opp, GPUGOV_SB_DRAM_BUSY_CYC);
	s->load_out_cyc = field(b, seg, opp, GPUGOV_SB_LOAD_OUT_CYC);
	s->lead_cyc = field(b, seg, opp, GPUGOV_SB_LEAD_CYC);
	s->crit_cyc = field(b, seg, opp, GPUGOV_SB_CRIT_CYC);
	s->dram_txn = field(b, seg, opp, GPUGOV_SB_DRAM_TXN);
	s->l2_hits = field(b, seg, opp, GPUGOV_SB_L2_HITS);
	s->l2_txn = field(b, seg, opp, GPUGOV_SB_L2_TXN);
	s->gld_txn = field(b, seg, opp, GPUGOV_SB_GLD_TXN);
	s->gst_txn = field(b, seg, opp, GPUGOV_SB_GST_TXN);
	s->mem_insts = field(b, seg, opp, GPUGOV_SB_MEM_INSTS);
	s->shm_txn = field(b, seg, opp, GPUGOV_SB_SHM_TXN);
	s->warps = field(b, seg, opp, GPUGOV_SB_WARPS);
	s->occupancy_q16 = field(b, seg, opp, GPUGOV_SB_OCCUPANCY_Q16);
	s->energy_uj = field(b, seg, opp, GPUGOV_SB_ENERGY_UJ);
}

#endif /* GPUGOV_BLOBREAD_H */
