// SPDX-License-Identifier: GPL-2.0
/*
 * test_decide_fast.c - the decision's fast paths against straightforward
 * references, on random inputs.
 *
 * The per-OPP work of a decision (the models' predictions, the energy of
 * each OPP, the OPP in force) is computed with the per-sample and
 * per-decision terms hoisted out of the OPP loops and with cheaper exact
 * arithmetic (docs/predictors.md, "Decision cost").  A decision must not
 * change by one bit for it: the kernel = replay checks and the replay's
 * tests compare decisions.  Each reference below is the formula computed
 * the plain way, one OPP at a time with the generic helpers; every output
 * must equal it on random OPP tables of 1..GPUGOV_MAX_OPPS entries (with
 * and without memory clocks, voltages and energy-model powers) and random
 * samples whose counters span every magnitude, odd ones included.
 */
#include <stdio.h>
#include <string.h>
#include "tap.h"
#include "rng.h"
#include "gpugov_fixed.h"
#include "gpugov_predict.h"
#include "gpugov_policy.h"

#define SEEDS	20000

/* A u64 of random magnitude: every bit length equally likely. */
static u64 any_u64(void)
{
	return rng_u64() >> rng_range(0, 63);
}

static u32 any_u32(void)
{
	return (u32)(rng_u64() >> rng_range(32, 63));
}

/* A value near typical sizes most of the time, anything sometimes. */
static u64 counter(u64 typical)
{
	switch (rng_range(0, 5)) {
	case 0:
		return 0;
	case 1:
		return any_u64();
	default:
		return typical == U64_MAX ? rng_u64() :
		       rng_range(0, typical ? typical : 1);
	}
}

/* A valid table of @nr OPPs: ascending cores, 1-4 memory clocks each. */
static void make_table(struct gpugov_opp_table *t, u32 nr)
{
	u32 i, core = (u32)rng_range(1, 200000), mems = (u32)rng_range(1, 4);
	bool with_mem = rng_range(0, 2), with_power = !rng_range(0, 3);
	bool huge = !rng_range(0, 7);

	memset(t, 0, sizeof(*t));
	t->nr = nr;
	for (i = 0; i < nr; i++) {
		struct gpugov_opp *o = &t->opp[i];

		if (!with_mem || i % mems == 0)
			core += huge ? (u32)rng_range(1, 30000000) :
				(u32)rng_range(1, 40000);
		o->core_khz = core;
		o->mem_khz = with_mem ? 200000 + (i % mems) * 300000 +
			     (u32)rng_range(0, 1000) : 0;
		o->uv = rng_range(0, 4) ? (u32)rng_range(400000, 1300000) :
			(rng_range(0, 1) ? 0 : any_u32());
		o->power_uw = with_power ? (u32)rng_range(1, U32_MAX) : 0;
	}
}

static void make_sample(struct gpugov_sample *s,
			const struct gpugov_opp_table *t)
{
	u64 cyc;

	memset(s, 0, sizeof(*s));
	s->caps = (u32)(rng_range(0, 3) ? GPUGOV_CAP_ALL & ~GPUGOV_CAP_WAVES :
			rng_u64() & GPUGOV_CAP_ALL & ~GPUGOV_CAP_WAVES);
	s->interval_ns = rng_range(0, 9) ? rng_range(1000, 200000000) :
			 any_u64();
	s->busy_ns = rng_range(0, 9) ? rng_range(0, s->interval_ns) :
		     any_u64();
	s->core_khz = rng_range(0, 3) ? t->opp[rng_range(0, t->nr - 1)].core_khz :
		      any_u32();
	s->mem_khz = rng_range(0, 3) ? t->opp[rng_range(0, t->nr - 1)].mem_khz :
		     any_u32();
	cyc = gpugov_ps_to_cyc(min_t(u64, s->busy_ns, s->interval_ns) *
			       GPUGOV_PS_PER_NS, s->core_khz);
	s->lcp_cyc = counter(cyc);
	s->lcp_core_cyc = counter(s->lcp_cyc / 4);
	s->lcp_wait_cyc = counter(s->lcp_cyc / 2);
	s->load_stall_cyc = counter(s->lcp_cyc);
	s->store_stall_cyc = counter(cyc / 4);
	s->load_out_cyc = counter(cyc);
	s->lead_cyc = counter(cyc / 2);
	s->crit_cyc = counter(cyc / 3);
	s->l2_busy_cyc = counter(cyc);
	s->dram_busy_cyc = counter(cyc);
	s->insts = counter(cyc * 4);
	s->mem_insts = counter(s->insts / 3);
	s->gld_txn = counter(s->mem_insts * 4);
	s->gst_txn = counter(s->mem_insts);
	s->l2_txn = counter(s->gld_txn + s->gst_txn);
	s->l2_hits = counter(s->l2_txn);
	s->dram_txn = counter(s->l2_txn);
	s->shm_txn = counter(s->insts / 8);
	s->warps = counter(4096);
	s->occupancy_q16 = counter(GPUGOV_Q16_ONE);
}

/* --- references: one OPP at a time, generic helpers only --- */

static u64 ref_mem_ps(const struct gpugov_sample *s, u64 ps,
		      const struct gpugov_opp *to)
{
	if (!(s->caps & GPUGOV_CAP_MEM_KHZ) || !s->mem_khz || !to->mem_khz ||
	    to->mem_khz == s->mem_khz)
		return ps;
	return gpugov_mul_div(ps, s->mem_khz, to->mem_khz);
}

static void ref_linear(const struct gpugov_sample *s,
		       const struct gpugov_opp_table *t, u64 mem_cyc,
		       u64 *time_ps)
{
	u32 i;

	for (i = 0; i < t->nr; i++) {
		u64 busy = gpugov_busy_ps(s);
		u64 mem = gpugov_cyc_part_ps(s, mem_cyc);

		time_ps[i] = gpugov_sat_add(ref_mem_ps(s, mem, &t->opp[i]),
					    gpugov_mul_div(busy - mem,
							   s->core_khz,
							   t->opp[i].core_khz));
	}
}

/* CRISP, pred_crisp.c's formulas with every memory part through mem_ps */
static u64 ref_crisp_at(const struct gpugov_sample *s,
			const struct gpugov_opp *o, u64 busy, u64 lcp,
			u64 core, u64 wait, u64 lq, u64 lstall, u64 sstall,
			u64 l2, u64 dram)
{
	u32 f1 = s->core_khz, f2 = o->core_khz;
	u64 score = gpugov_mul_div(core, f1, f2);
	u64 drained = score > core ?
		      min_t(u64, score - core, ref_mem_ps(s, lq, o)) : 0;
	u64 hid = min_t(u64, core, lq), mhid = ref_mem_ps(s, hid, o);
	u64 path, lcomp = lcp - lstall, ccomp = busy - lcp - sstall, t;

	path = gpugov_sat_add(ref_mem_ps(s, lcp - core - wait, o),
			      gpugov_sat_add(score, ref_mem_ps(s, wait, o) -
					     drained));
	if (mhid > hid)
		path = gpugov_sat_add(path, mhid - hid);
	if (f2 > f1)
		t = gpugov_sat_add(gpugov_sat_add(path,
						  ref_mem_ps(s, sstall, o)),
				   gpugov_mul_div(ccomp, f1, f2));
	else
		t = gpugov_sat_add(max_t(u64, path,
					 gpugov_mul_div(lcomp, f1, f2)),
				   max_t(u64, gpugov_sat_add(ccomp,
						ref_mem_ps(s, sstall, o)),
					 gpugov_mul_div(ccomp, f1, f2)));
	return max_t(u64, t, max_t(u64, gpugov_mul_div(l2, f1, f2),
				   ref_mem_ps(s, dram, o)));
}

static void ref_crisp(const struct gpugov_sample *s,
		      const struct gpugov_opp_table *t, u64 lcp_cyc,
		      u64 core_cyc, u64 wait_cyc, u64 *time_ps)
{
	u64 busy = gpugov_busy_ps(s), lcp, core, wait, lq, l2 = 0, dram = 0;
	u32 i;

	lcp = gpugov_cyc_part_ps(s, lcp_cyc);
	core = min_t(u64, gpugov_cyc_part_ps(s, core_cyc), lcp);
	wait = min_t(u64, gpugov_cyc_part_ps(s, wait_cyc), lcp - core);
	lq = wait;
	if (s->caps & GPUGOV_CAP_MEM_BUSY) {
		l2 = gpugov_cyc_part_ps(s, s->l2_busy_cyc);
		dram = gpugov_cyc_part_ps(s, s->dram_busy_cyc);
		lq = busy ? gpugov_mul_div64(wait, dram, busy) : 0;
	}
	for (i = 0; i < t->nr; i++)
		time_ps[i] = ref_crisp_at(s, &t->opp[i], busy, lcp, core, wait,
			lq, min_t(u64, gpugov_cyc_part_ps(s, s->load_stall_cyc),
				  lcp),
			min_t(u64, gpugov_cyc_part_ps(s, s->store_stall_cyc),
			      busy - lcp), l2, dram);
}

/* the core + memory model: its full evaluation at every OPP */
static void ref_coremem(const struct gpugov_coremem_params *p,
			const struct gpugov_sample *s,
			const struct gpugov_opp_table *t, u64 *time_ps)
{
	struct gpugov_coremem_in in;
	struct gpugov_coremem_out out;
	u64 busy = gpugov_busy_ps(s), meas = 0, tm;
	u32 i;

	if ((s->caps & GPUGOV_CAP_MEM_KHZ) && s->core_khz && s->mem_khz &&
	    gpugov_coremem_inputs(s, &in) &&
	    gpugov_coremem_eval(p, &in, s->core_khz, s->mem_khz, &out))
		meas = out.modelled;
	for (i = 0; i < t->nr; i++) {
		u32 fc = t->opp[i].core_khz;
		u32 fm = t->opp[i].mem_khz ? t->opp[i].mem_khz : s->mem_khz;

		if (meas && gpugov_coremem_eval(p, &in, fc, fm, &out))
			tm = gpugov_mul_div64(busy, out.modelled, meas);
		else
			tm = busy;
		if (!s->core_khz) {
			time_ps[i] = busy;
			continue;
		}
		tm = gpugov_mul_div64(tm, s->core_khz, fc);
		time_ps[i] = busy && !tm ? 1 : tm;
	}
}

/* uW * ps -> pJ in 32-bit parts, each floor(ps * part / 10^6) */
static u64 ref_power_time(u64 uw, u64 ps)
{
	u64 e = 0;

	for (; uw > U32_MAX; uw -= U32_MAX)
		e = gpugov_sat_add(e, gpugov_mul_div(ps, U32_MAX, 1000000));
	return gpugov_sat_add(e, gpugov_mul_div(ps, (u32)uw, 1000000));
}

static u64 ref_energy(const struct gpugov_power_params *pw,
		      const struct gpugov_opp *o,
		      const struct gpugov_sample *s, u64 time_ps)
{
	u64 mcyc = gpugov_mul_div(gpugov_busy_ps(s), s->core_khz, 1000000);
	u64 dyn = gpugov_mul_div(mcyc, pw->dyn_uw, 1000000);
	u64 interval = gpugov_mul_div(s->interval_ns, GPUGOV_PS_PER_NS, 1);
	u64 uv = o->uv ? o->uv : 1000000, v2 = uv * uv / 1000000, e, idle;

	if (o->power_uw) {
		e = ref_power_time(o->power_uw, time_ps);
	} else {
		e = v2 <= U32_MAX ? gpugov_mul_div(dyn, (u32)v2, 1000000) :
		    gpugov_mul_div(gpugov_mul_div(dyn, (u32)uv, 1000000),
				   (u32)uv, 1000000);
		e = gpugov_sat_add(e, ref_power_time(
			gpugov_mul_div(pw->static_uw, (u32)uv, 1000000) +
			pw->uncore_uw, time_ps));
	}
	idle = gpugov_mul_div(pw->idle_static_uw, (u32)uv, 1000000) +
	       pw->idle_uw;
	if (interval > time_ps)
		e = gpugov_sat_add(e, ref_power_time(idle, interval - time_ps));
	return e;
}

static u32 ref_nearest(const struct gpugov_opp_table *t, u32 core, u32 mem)
{
	u32 i, best = 0;

	for (i = 1; i < t->nr; i++) {
		u32 dc = t->opp[i].core_khz > core ? t->opp[i].core_khz - core :
			 core - t->opp[i].core_khz;
		u32 bc = t->opp[best].core_khz > core ?
			 t->opp[best].core_khz - core :
			 core - t->opp[best].core_khz;
		u32 dm = t->opp[i].mem_khz > mem ? t->opp[i].mem_khz - mem :
			 mem - t->opp[i].mem_khz;
		u32 bm = t->opp[best].mem_khz > mem ?
			 t->opp[best].mem_khz - mem :
			 mem - t->opp[best].mem_khz;

		if (dc < bc || (dc == bc && mem && dm < bm))
			best = i;
	}
	return best;
}

/* --- the comparisons --- */

static u32 fails[GPUGOV_NR_PRED + 2];

static void report(u32 slot, const char *what, u32 seed, u32 nr, u32 i,
		   u64 got, u64 want)
{
	if (!fails[slot]++)
		tap_diag("%s: seed %u, %u OPPs, OPP %u: %llu, reference %llu",
			 what, seed, nr, i, (unsigned long long)got,
			 (unsigned long long)want);
}

static void check_model(const struct gpugov_pred_state *st,
			enum gpugov_pred_id id, const struct gpugov_sample *s,
			const struct gpugov_opp_table *t, u32 seed)
{
	static u64 got[GPUGOV_MAX_OPPS], want[GPUGOV_MAX_OPPS];
	bool parts = s->caps & GPUGOV_CAP_LCP_PARTS;
	u32 i;

	gpugov_predictor(id)->predict(st, s, t, got);
	switch (id) {
	case GPUGOV_PRED_STALL:
		ref_linear(s, t, s->load_stall_cyc, want);
		break;
	case GPUGOV_PRED_LEAD:
		ref_linear(s, t, s->lead_cyc, want);
		break;
	case GPUGOV_PRED_CRIT:
		ref_linear(s, t, s->crit_cyc, want);
		break;
	case GPUGOV_PRED_CRISP:
		ref_crisp(s, t, s->lcp_cyc, parts ? s->lcp_core_cyc : 0,
			  parts ? s->lcp_wait_cyc : 0, want);
		break;
	case GPUGOV_PRED_CRISP_L:
		ref_crisp(s, t, s->load_out_cyc, 0, 0, want);
		break;
	case GPUGOV_PRED_COREMEM:
		ref_coremem(&st->coremem, s, t, want);
		break;
	default:
		return;
	}
	for (i = 0; i < t->nr; i++)
		if (got[i] != want[i]) {
			report(id, gpugov_predictor(id)->name, seed, t->nr, i,
			       got[i], want[i]);
			return;
		}
}

static void check_energy(const struct gpugov_sample *s,
			 const struct gpugov_opp_table *t, u32 seed)
{
	static u64 time_ps[GPUGOV_MAX_OPPS], e[GPUGOV_MAX_OPPS];
	struct gpugov_power_params pw;
	u32 i;

	pw.dyn_uw = rng_range(0, 3) ? (u32)rng_range(0, 5000000) : any_u32();
	pw.static_uw = rng_range(0, 3) ? (u32)rng_range(0, 2000000) : any_u32();
	pw.uncore_uw = rng_range(0, 3) ? (u32)rng_range(0, 500000) : any_u32();
	pw.idle_uw = rng_range(0, 2) ? (rng_range(0, 3) ? (u32)rng_range(0, 500000) :
				    any_u32()) : 0;
	pw.idle_static_uw = rng_range(0, 1) ? 0 : any_u32();
	for (i = 0; i < t->nr; i++)
		time_ps[i] = rng_range(0, 3) ? any_u64() :
			     rng_range(0, 2 * s->interval_ns * 1000);
	gpugov_energies_pj(&pw, t, s, time_ps, e);
	for (i = 0; i < t->nr; i++) {
		u64 want = ref_energy(&pw, &t->opp[i], s, time_ps[i]);

		if (e[i] != want || gpugov_energy_pj(&pw, t, i, s,
						     time_ps[i]) != want) {
			report(GPUGOV_NR_PRED, "energy", seed, t->nr, i, e[i],
			       want);
			return;
		}
	}
}

static void check_nearest(const struct gpugov_opp_table *t, u32 seed)
{
	u32 k;

	for (k = 0; k < 8; k++) {
		const struct gpugov_opp *o = &t->opp[rng_range(0, t->nr - 1)];
		u32 core = k & 1 ? any_u32() :
			   o->core_khz + (u32)rng_range(0, 2000) - 1000;
		u32 mem = k & 2 ? 0 : (k & 4 ? any_u32() : o->mem_khz);
		u32 got, want;

		/* halfway between two core clocks: a tie of core distance */
		if (k >= 6 && o + 1 < t->opp + t->nr)
			core = o->core_khz + (o[1].core_khz - o->core_khz) / 2;
		got = gpugov_opp_nearest(t, core, mem);
		want = ref_nearest(t, core, mem);
		if (got != want) {
			report(GPUGOV_NR_PRED + 1, "nearest", seed, t->nr, k,
			       got, want);
			return;
		}
	}
}

/* Random waves over few code regions (so that lookups hit), odd values too. */
static void make_waves(struct gpugov_sample *s)
{
	u32 i;

	s->caps |= GPUGOV_CAP_WAVES | GPUGOV_CAP_INSTS;
	s->nr_waves = (u32)rng_range(0, GPUGOV_MAX_WAVES + 2);
	for (i = 0; i < GPUGOV_MAX_WAVES; i++) {
		struct gpugov_wave *w = &s->waves[i];

		w->pc_start = rng_range(0, 40) << rng_range(4, 12);
		w->pc_end = rng_range(0, 3) ? w->pc_start :
			    rng_range(0, 40) << rng_range(4, 12);
		w->core_cyc = counter(1000000);
		w->stall_cyc = counter(w->core_cyc);
		w->insts = counter(2 * w->core_cyc + 1);
		w->age_rank = rng_range(0, 3) ? i : any_u32();
	}
}

/* PCSTALL's prediction against a lookup of the table, seen sample or not */
static void check_pcstall(struct gpugov_pred_state *st,
			  struct gpugov_sample *s,
			  const struct gpugov_opp_table *t, u32 seed)
{
	static u64 got[GPUGOV_MAX_OPPS];
	struct gpugov_pcstall_pred pr;
	u32 i, k;

	make_waves(s);
	gpugov_pred_observe(st, s);
	for (k = 0; k < 2; k++) {
		if (k) {
			/* one field of what a lookup reads changed */
			struct gpugov_wave *w = &s->waves[rng_range(0, GPUGOV_MAX_WAVES - 1)];

			switch (rng_range(0, 5)) {
			case 0:
				w->pc_end ^= 1ULL << rng_range(4, 10);
				break;
			case 1:
				w->insts++;
				break;
			case 2:
				w->stall_cyc ^= 1;
				break;
			case 3:
				w->core_cyc++;
				break;
			case 4:
				w->age_rank ^= 1;
				break;
			default:
				s->busy_ns ^= 1;
				break;
			}
		}
		gpugov_predictor(GPUGOV_PRED_PCSTALL)->predict(st, s, t, got);
		gpugov_pcstall_lookup(&st->pcstall, s, &pr);
		for (i = 0; i < t->nr; i++)
			if (got[i] != gpugov_pcstall_time_ps(s, pr.sigma,
							     &t->opp[i])) {
				report(GPUGOV_PRED_PCSTALL, "pcstall", seed,
				       t->nr, i, got[i],
				       gpugov_pcstall_time_ps(s, pr.sigma,
							      &t->opp[i]));
				return;
			}
	}
}

int main(void)
{
	static struct gpugov_pred_state st;
	static struct gpugov_opp_table t;
	static struct gpugov_sample s;
	u32 seed, id, nr;

	gpugov_pred_init(&st);
	for (seed = 1; seed <= SEEDS; seed++) {
		rng_seed(seed);
		nr = (seed - 1) % GPUGOV_MAX_OPPS + 1;
		make_table(&t, nr);
		if (gpugov_opp_table_check(&t)) {
			tap_ok(0, "seed %u: the generator made a valid table", seed);
			return tap_done("decide_fast");
		}
		make_sample(&s, &t);
		for (id = 0; id < GPUGOV_NR_PRED; id++)
			check_model(&st, id, &s, &t, seed);
		check_energy(&s, &t, seed);
		check_nearest(&t, seed);
		check_pcstall(&st, &s, &t, seed);
	}
	for (id = 0; id < GPUGOV_NR_PRED; id++)
		if (id != GPUGOV_PRED_BUSY)
			tap_ok(!fails[id], "%s: every OPP's time equals the reference's over %u random tables and samples (%u differ)",
			       gpugov_predictor(id)->name, SEEDS, fails[id]);
	tap_ok(!fails[GPUGOV_NR_PRED], "energy: every OPP's energy equals the reference's (%u differ)",
	       fails[GPUGOV_NR_PRED]);
	tap_ok(!fails[GPUGOV_NR_PRED + 1], "gpugov_opp_nearest() equals the linear scan (%u differ)",
	       fails[GPUGOV_NR_PRED + 1]);
	return tap_done("decide_fast");
}
