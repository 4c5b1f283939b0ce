// SPDX-License-Identifier: GPL-2.0
/*
 * policy_input.c - what the policy harness feeds the models, from bytes.
 *
 * Configuration is kept to what the governor's sysfs lets a user set (its
 * own range checks: gpugov_grape_params_ok(), gpugov_pcstall_set_params(),
 * the percent limits of parse.c's policy options) and OPP tables to
 * those gpugov_opp_table_check() accepts.  Samples are not checked at
 * all: a counter source may report anything, so every field is drawn
 * with a bias to the edges (zero interval, busy > interval, cycles near
 * 2^64, zero clocks, a clock off the table).
 */
#include <string.h>

#include "policy_input.h"

/* Return: 0, or -1 if the bytes do not make a valid table. */
int policy_input_table(struct fuzz_bytes *b, struct gpugov_opp_table *t)
{
	u32 n = 1 + fuzz_u8(b) % GPUGOV_MAX_OPPS, i;
	int power = fuzz_u8(b) & 1;
	u64 core = 1 + (fuzz_u32(b) >> 8);

	memset(t, 0, sizeof(*t));
	for (i = 0; i < n && core <= U32_MAX; i++) {
		struct gpugov_opp *o = &t->opp[i];
		u32 step = fuzz_u32(b) >> (fuzz_u8(b) & 31);

		o->core_khz = (u32)core;
		o->mem_khz = fuzz_u32(b) >> (fuzz_u8(b) & 31);
		if (i && o->core_khz == o[-1].core_khz)
			o->mem_khz = o[-1].mem_khz + 1 + (o->mem_khz & 0xffff);
		o->uv = fuzz_u32(b);
		o->power_uw = power ? (u32)fuzz_edgy_u64(b) : 0;
		t->nr++;
		core += step;
	}
	return gpugov_opp_table_check(t);
}

void policy_input_params(struct fuzz_bytes *b, struct gpugov_policy_params *p,
			 struct gpugov_pred_state *st)
{
	struct gpugov_grape_params g;
	struct gpugov_pcstall_params pc;

	gpugov_policy_defaults(p);
	gpugov_pred_init(st);
	p->objective = fuzz_u8(b) % GPUGOV_NR_OBJ;
	p->max_slowdown_pct = fuzz_u32(b) % 1001;
	p->util_pct = fuzz_u8(b) % 101;
	p->util_max_pct = fuzz_u8(b) % 101;
	p->slack_pct = fuzz_u8(b) % 101;
	p->hysteresis_pct = fuzz_u8(b) % 101;
	if (fuzz_u8(b) & 1) {
		p->power.dyn_uw = (u32)fuzz_edgy_u64(b);
		p->power.static_uw = (u32)fuzz_edgy_u64(b);
		p->power.uncore_uw = (u32)fuzz_edgy_u64(b);
		p->power.idle_uw = (u32)fuzz_edgy_u64(b);
		p->power.idle_static_uw = (u32)fuzz_edgy_u64(b);
	}
	g = p->grape;
	g.mode = fuzz_u8(b) & 1 ? GPUGOV_GRAPE_PCT : GPUGOV_GRAPE_ABS;
	g.target = fuzz_edgy_u64(b);
	if (gpugov_grape_params_ok(&g))	/* sysfs refuses the others */
		p->grape = g;
	pc.entries = 1 + fuzz_u32(b) % 4096;
	pc.shift = fuzz_u8(b);
	pc.age_half = fuzz_u8(b);
	gpugov_pcstall_set_params(&st->pcstall, &pc);	/* keeps bad ones out */
	if (fuzz_u8(b) & 1)
		gpugov_coremem_defaults_2019(&st->coremem);
}

/*
 * One device as the policy targets read it: configuration, the model
 * wanted, then the OPP table.  Return: 0, or -1 if the table is invalid.
 */
int policy_input_device(struct fuzz_bytes *b, struct gpugov_policy_params *p,
			struct gpugov_pred_state *st, enum gpugov_pred_id *wanted,
			struct gpugov_opp_table *t)
{
	policy_input_params(b, p, st);
	*wanted = fuzz_u8(b) % GPUGOV_NR_PRED;
	return policy_input_table(b, t);
}

static u32 pick_clock(struct fuzz_bytes *b, const struct gpugov_opp_table *t,
		 int mem)
{
	u8 sel = fuzz_u8(b);

	if (sel & 1) {
		const struct gpugov_opp *o = &t->opp[(sel >> 1) % t->nr];

		return mem ? o->mem_khz : o->core_khz;
	}
	return (u32)fuzz_edgy_u64(b);
}

void policy_input_sample(struct fuzz_bytes *b,
			 const struct gpugov_opp_table *t,
			 struct gpugov_sample *s)
{
	u64 *counters[] = {
		&s->insts, &s->load_stall_cyc, &s->store_stall_cyc, &s->lcp_cyc,
		&s->load_out_cyc, &s->lead_cyc, &s->crit_cyc, &s->dram_txn,
		&s->l2_hits, &s->l2_txn, &s->gld_txn, &s->gst_txn,
		&s->mem_insts, &s->shm_txn, &s->warps, &s->occupancy_q16,
		&s->energy_uj,
	};
	u32 i;

	memset(s, 0, offsetof(struct gpugov_sample, waves));
	s->interval_ns = fuzz_edgy_u64(b);
	s->busy_ns = fuzz_u8(b) & 1 ? fuzz_edgy_u64(b) :
		     s->interval_ns >> (fuzz_u8(b) & 7);
	s->core_khz = pick_clock(b, t, 0);
	s->mem_khz = pick_clock(b, t, 1);
	s->caps = fuzz_u32(b) & GPUGOV_CAP_ALL;
	for (i = 0; i < ARRAY_SIZE(counters); i++)
		*counters[i] = fuzz_edgy_u64(b);
	if (s->caps & GPUGOV_CAP_WAVES)
		s->nr_waves = fuzz_u8(b) % (GPUGOV_MAX_WAVES + 1);
	for (i = 0; i < s->nr_waves; i++) {
		struct gpugov_wave *w = &s->waves[i];

		w->pc_start = fuzz_edgy_u64(b);
		w->pc_end = fuzz_edgy_u64(b);
		w->insts = fuzz_edgy_u64(b);
		w->stall_cyc = fuzz_edgy_u64(b);
		w->core_cyc = fuzz_edgy_u64(b);
		w->age_rank = fuzz_u8(b);
	}
	/* counters added later: read last, so the corpus keeps its meaning */
	s->lcp_core_cyc = fuzz_edgy_u64(b);
	s->lcp_wait_cyc = fuzz_edgy_u64(b);
	s->l2_busy_cyc = fuzz_edgy_u64(b);
	s->dram_busy_cyc = fuzz_edgy_u64(b);
}
