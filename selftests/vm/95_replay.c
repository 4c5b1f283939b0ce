// SPDX-License-Identifier: GPL-2.0
/*
 * 95_replay.c - the kernel's decisions are the library's, bit for bit.
 *
 * For every predictor and objective, gpugov runs a trace on gpugov_sim
 * and the OPP sequence the device logged is compared with the sequence
 * that the same predictors/ code, built for userspace and linked into
 * this program, computes from the same blob: same samples, same model
 * state, same tunables.  The kernel's sequence also repeats exactly when
 * run twice.
 */
#include "vmtap.h"
#include "simrun.h"
#include "gpugov_policy.h"
#include "gpugov_predict.h"
#include "gpugov_simblob.h"

struct blob {
	u32 nr_opps, nr_segs, nr_fields, caps, hdr_size;
	struct gpugov_opp_table table;
	const unsigned char *rec;
	unsigned char *data;
};

static u32 le32(const unsigned char *p)
{
	return p[0] | p[1] << 8 | p[2] << 16 | (u32)p[3] << 24;
}

static u64 le64(const unsigned char *p)
{
	return le32(p) | (u64)le32(p + 4) << 32;
}

static int blob_read(const char *path, struct blob *b)
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

static u64 field(const struct blob *b, u32 seg, u32 opp, u32 f)
{
	if (f >= b->nr_fields)
		return 0;
	return le64(b->rec + (((size_t)seg * b->nr_opps + opp) * b->nr_fields +
			      f) * 8);
}

/* The sample gpugov_sim's counter source hands gpugov. */
static void sample_of(const struct blob *b, u32 seg, u32 opp,
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

/* Userspace: OPP of every segment, starting at @first. */
static void reference(const struct blob *b, const struct config *c,
		      u32 first, unsigned char *out)
{
	static struct gpugov_sample s;
	static struct gpugov_decision d;
	struct gpugov_pred_state st;
	struct gpugov_policy_params p;
	int pid = gpugov_predictor_find(c->predictor, strlen(c->predictor));
	u32 seg, opp = first;

	gpugov_pred_init(&st);
	gpugov_policy_defaults(&p);
	p.objective = gpugov_objective_find(c->objective, strlen(c->objective));
	p.max_slowdown_pct = c->max_slowdown;
	p.hysteresis_pct = c->hysteresis;
	for (seg = 0; seg < b->nr_segs; seg++) {
		out[seg] = opp;
		sample_of(b, seg, opp, &s);
		gpugov_pred_observe(&st, &s);
		gpugov_predict(&st, pid, &s, &b->table, d.time_ps);
		gpugov_decide(&p, &b->table, &s, &d);
		opp = d.chosen;
	}
}

static void compare(const char *blobpath, const struct config *c)
{
	static unsigned char kern[1 << 16], ref[1 << 16];
	struct blob b;
	u32 i, changes = 0;

	if (blob_read(blobpath, &b) || b.nr_segs > sizeof(kern)) {
		vt_ok(0, "%s: blob readable", blobpath);
		return;
	}
	if (kernel_run(blobpath, c, kern, b.nr_segs)) {
		vt_ok(0, "%s %s/%s: kernel run", blobpath, c->predictor,
		      c->objective);
		return;
	}
	reference(&b, c, kern[0], ref);
	for (i = 0; i < b.nr_segs && kern[i] == ref[i]; i++)
		;
	for (changes = 0, i = 1; i < b.nr_segs; i++)
		changes += kern[i] != kern[i - 1];
	vt_ok(i == b.nr_segs,
	      "%s %s/%s slowdown %u hysteresis %u: kernel = library over %u segments (%u OPP changes)%s",
	      blobpath, c->predictor, c->objective, c->max_slowdown,
	      c->hysteresis, b.nr_segs, changes,
	      i == b.nr_segs ? "" : ", first difference below");
	if (i < b.nr_segs)
		vt_diag("segment %u: kernel OPP %u, library OPP %u", i, kern[i],
			ref[i]);
}

int main(void)
{
	static const char *const objectives[] = { "performance", "edp", "ed2p",
		"energy" };
	static unsigned char a[1 << 16], b2[1 << 16];
	struct config c = { "crisp", "edp", 5, 0 };
	char list[1024], *tok, *save;
	size_t o;

	vt_ok(!vt_setup(NULL), "modules load");
	vt_ok(!vt_write_str(vt_devfreq(0, "polling_interval"), "1"),
	      "polling every 1 ms");
	vt_ok(!vt_read_line(vt_path(SYSFS_DEVFREQ "/%s/%s", 0, "available_governors"),
			    list, sizeof(list)), "governors listed");
	vt_ok(!vt_set_governor(0, "gpugov") &&
	      !vt_read_line(vt_tunable(0, "available_predictors"), list,
			    sizeof(list)), "predictors listed: %s", list);

	for (tok = strtok_r(list, " ", &save); tok;
	     tok = strtok_r(NULL, " ", &save)) {
		for (o = 0; o < sizeof(objectives) / sizeof(objectives[0]); o++) {
			c.predictor = tok;
			c.objective = objectives[o];
			compare(DATA_DIR "/short.blob", &c);
		}
	}
	c.predictor = "crisp";
	c.objective = "energy";
	c.hysteresis = 10;
	compare(DATA_DIR "/sweep.blob", &c);
	c.objective = "ed2p";
	c.hysteresis = 0;
	compare(DATA_DIR "/sweep.blob", &c);

	c.objective = "edp";
	vt_ok(!kernel_run(DATA_DIR "/sweep.blob", &c, a, 300) &&
	      !kernel_run(DATA_DIR "/sweep.blob", &c, b2, 300) &&
	      !memcmp(a, b2, 300), "two kernel runs give the same sequence");

	vt_ok(!vt_set_governor(0, "simple_ondemand"), "back to simple_ondemand");
	vt_ok(!vt_teardown(), "teardown");
	return vt_done();
}
