// SPDX-License-Identifier: GPL-2.0
/*
 * test_pcstall.c - PCSTALL, the PC-indexed wave sensitivity predictor
 * (predictors/pred_pcstall.c, seed 004 section 4.4).
 *
 * 1. A double-precision reference written from the formulas (its own
 *    table, indexing, averaging and age weighting) on 100 000 seeded
 *    random histories: predicted times at every OPP, the elasticity, the
 *    predicted work at every OPP and the hit/miss counts must agree
 *    (times and work within 0.1%, or 8 ps / 8 instructions).
 * 2. Hand-worked examples: one wave's sensitivity, a hit/miss sequence,
 *    colliding PCs, same-line averaging, age weighting, code-region ids.
 * 3. Adversarial inputs: no waves, all-zero, maximal counters, more waves
 *    than fit, zero clocks, a one-entry table; a random fuzz.
 * 4. Determinism, parameter validation, registration and fallback.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "gpugov_fixed.h"
#include "gpugov_pcstall.h"
#include "gpugov_predict.h"
#include "rng.h"
#include "tap.h"

#define CASES	100000
#define TOL	1e-3
#define Q48	281474976710656.0	/* 2^48 */

/* ---- the double-precision reference -------------------------------- */

struct ref_table {
	unsigned int entries, shift, half;
	double val[GPUGOV_PCSTALL_MAX_ENTRIES];
	u64 line[GPUGOV_PCSTALL_MAX_ENTRIES];	/* full line, for the tag */
	int valid[GPUGOV_PCSTALL_MAX_ENTRIES];
};

/* Folded tag of a line, as documented in docs/pcstall.md. */
static u32 ref_tag(const struct ref_table *r, u64 line)
{
	unsigned int bits = 0;
	u64 up;

	while ((1U << bits) < r->entries)
		bits++;
	up = line >> bits;
	return ((u32)up ^ (u32)(up >> 32)) & 0x7fffffffU;
}

static int ref_same(const struct ref_table *r, u64 a, u64 b)
{
	return (a & (r->entries - 1)) == (b & (r->entries - 1)) &&
	       ref_tag(r, a) == ref_tag(r, b);
}

/* E, whole busy cycles at f1 (at least 1) */
static double ref_ecyc(const struct gpugov_sample *s)
{
	unsigned __int128 busy = s->busy_ns < s->interval_ns ? s->busy_ns : s->interval_ns;
	unsigned __int128 e = busy * s->core_khz / 1000000;

	return e < 1 ? 1 : (double)e;
}

/* u_w, i0_w and s_w = u_w / E (clamped to 256 per cycle) of one wave */
static double ref_wave(const struct gpugov_wave *w, double e, double *u, double *i0)
{
	double c = (double)w->core_cyc, st = fmin((double)w->stall_cyc, c);

	*u = c > 0 ? (double)w->insts * (c - st) / c : 0;
	*i0 = (double)w->insts - *u;
	return fmin(*u / e, 256.0);
}

static double ref_weight(const struct ref_table *r, const struct gpugov_wave *w)
{
	return r->half ? (double)r->half / (r->half + fmin(w->age_rank, 65535)) : 1.0;
}

static void ref_observe(struct ref_table *r, const struct gpugov_sample *s)
{
	unsigned int n = s->nr_waves < GPUGOV_MAX_WAVES ? s->nr_waves : GPUGOV_MAX_WAVES;
	unsigned int i, j;
	double e = ref_ecyc(s), u, i0;

	if (!(s->caps & GPUGOV_CAP_WAVES))
		return;
	for (i = 0; i < n; i++) {
		u64 li = s->waves[i].pc_start >> r->shift;
		unsigned int idx = li & (r->entries - 1);
		double sum = 0;
		int cnt = 0, last = 1;

		if (!s->waves[i].core_cyc)
			continue;
		/* the entry ends with the last line of this index to come */
		for (j = i + 1; j < n; j++)
			if (s->waves[j].core_cyc &&
			    ((s->waves[j].pc_start >> r->shift) & (r->entries - 1)) == idx)
				last = ref_same(r, s->waves[j].pc_start >> r->shift, li);
		if (!last)
			continue;
		/* mean of the run of this line since the last other line here */
		for (j = 0; j < n; j++) {
			u64 lj = s->waves[j].pc_start >> r->shift;

			if (!s->waves[j].core_cyc || (lj & (r->entries - 1)) != idx)
				continue;
			if (!ref_same(r, lj, li)) {
				sum = 0;
				cnt = 0;
				continue;
			}
			sum += fmin(ref_wave(&s->waves[j], e, &u, &i0) /
				    ref_weight(r, &s->waves[j]), 256.0);
			cnt++;
		}
		r->val[idx] = sum / cnt;
		r->line[idx] = li;
		r->valid[idx] = 1;
	}
}

struct ref_pred {
	double u, i0, insts, sigma;
	unsigned int hits, misses;
};

static void ref_lookup(const struct ref_table *r, const struct gpugov_sample *s,
		       struct ref_pred *p)
{
	unsigned int n = s->nr_waves < GPUGOV_MAX_WAVES ? s->nr_waves : GPUGOV_MAX_WAVES;
	double e = ref_ecyc(s), u, i0;
	unsigned int i;

	memset(p, 0, sizeof(*p));
	for (i = 0; i < n; i++) {
		u64 l = s->waves[i].pc_end >> r->shift;
		unsigned int idx = l & (r->entries - 1);

		ref_wave(&s->waves[i], e, &u, &i0);
		if (r->valid[idx] && ref_same(r, r->line[idx], l)) {
			u = r->val[idx] * ref_weight(r, &s->waves[i]) * e;
			p->hits++;
		} else {
			p->misses++;
		}
		p->u += u;
		p->i0 += i0;
		p->insts += (double)s->waves[i].insts;
	}
	p->sigma = p->u + p->i0 > 0 ? p->u / (p->u + p->i0) : 1.0;
}

static double ref_time_ps(const struct gpugov_sample *s, double sigma, double f)
{
	double busy = (double)(s->busy_ns < s->interval_ns ? s->busy_ns : s->interval_ns) * 1e3;
	double f1 = s->core_khz;

	return busy * f1 / ((1 - sigma) * f1 + sigma * f);
}

static double ref_work(const struct gpugov_sample *s, const struct ref_pred *p, double f)
{
	return (p->i0 + p->u * f / s->core_khz) * (double)s->insts / p->insts;
}

/* ---- random cases ------------------------------------------------ */

static void random_table(struct gpugov_opp_table *t)
{
	double f = rng_log(20e3, 2e6);
	u32 n = 0, want = (u32)rng_range(1, 16);

	memset(t, 0, sizeof(*t));
	while (n < want && f <= 4e6) {
		t->opp[n++].core_khz = (u32)f;
		f *= 1.01 + rng_unit() * 0.5;
	}
	t->nr = n;
}

/*
 * A "program" of code regions: waves start and end at PCs drawn from a
 * small set, so that lookups hit often, but not always.
 */
static u64 random_pc(const u64 *prog, int nprog)
{
	return prog[rng_range(0, nprog - 1)] + rng_range(0, 15);
}

static void random_sample(struct gpugov_sample *s, const struct gpugov_opp_table *t,
			  const u64 *prog, int nprog)
{
	double ecyc;
	u32 i;

	memset(s, 0, sizeof(*s));
	s->interval_ns = (u64)rng_log(1e3, 1e10);
	s->busy_ns = (u64)(s->interval_ns * (0.05 + 0.95 * rng_unit()));
	s->core_khz = t->opp[rng_range(0, t->nr - 1)].core_khz;
	s->caps = GPUGOV_CAP_WAVES | GPUGOV_CAP_INSTS;
	s->nr_waves = (u32)rng_range(1, GPUGOV_MAX_WAVES);
	ecyc = (double)s->busy_ns * s->core_khz / 1e6;
	for (i = 0; i < s->nr_waves; i++) {
		struct gpugov_wave *w = &s->waves[i];
		double c = ecyc * (rng_unit() < 0.8 ? 1.0 : rng_unit());

		w->pc_start = random_pc(prog, nprog);
		w->pc_end = random_pc(prog, nprog);
		w->core_cyc = (u64)c;
		w->stall_cyc = (u64)(c * rng_unit() * (rng_unit() < 0.05 ? 1.5 : 1.0));
		w->insts = (u64)(c * rng_unit() * (rng_unit() < 0.1 ? 4 : 1));
		if (w->insts > (1ULL << 40))
			w->insts = 1ULL << 40;
		w->age_rank = rng_unit() < 0.9 ? i : (u32)rng_range(0, 1000);
		s->insts += w->insts;
	}
	if (rng_unit() < 0.3)	/* waves are a subset of the domain */
		s->insts = (u64)(s->insts * (1 + rng_unit() * 9));
}

/* a Q16 instruction count, rounded */
static u64 q16r(u64 v)
{
	return (v + 32768) >> 16;
}

static int close_enough(double got, double want)
{
	return fabs(got - want) <= fmax(TOL * fabs(want), 8.0);
}

static void test_reference(void)
{
	static struct gpugov_pred_state st;
	static struct ref_table rt;
	static struct gpugov_sample s;
	struct gpugov_opp_table t;
	struct gpugov_pcstall_params par;
	struct gpugov_pcstall_pred pr;
	struct ref_pred rp;
	u64 tp[GPUGOV_MAX_OPPS], prog[24];
	long bad_t = 0, bad_w = 0, bad_s = 0, bad_h = 0, hits = 0, looks = 0, c;
	double worst = 0, worst_s = 0, dsig;
	int nprog, k, nobs;
	u32 i;

	rng_seed(0x9c57a11);
	for (c = 0; c < CASES; c++) {
		random_table(&t);
		gpugov_pred_init(&st);
		par.entries = 1U << rng_range(0, 10);
		par.shift = (u32)rng_range(0, 8);
		par.age_half = rng_unit() < 0.3 ? 0 : (u32)rng_range(1, 16);
		gpugov_pcstall_set_params(&st.pcstall, &par);
		memset(&rt, 0, sizeof(rt));
		rt.entries = par.entries;
		rt.shift = par.shift;
		rt.half = par.age_half;
		nprog = (int)rng_range(1, 24);
		for (k = 0; k < nprog; k++)
			prog[k] = rng_unit() < 0.9 ? rng_range(0, 4096) << 4 : rng_u64();
		nobs = (int)rng_range(0, 3);
		for (k = 0; k <= nobs; k++) {
			random_sample(&s, &t, prog, nprog);
			gpugov_pred_observe(&st, &s);
			ref_observe(&rt, &s);
		}
		gpugov_predict(&st, GPUGOV_PRED_PCSTALL, &s, &t, tp);
		gpugov_pcstall_lookup(&st.pcstall, &s, &pr);
		ref_lookup(&rt, &s, &rp);
		hits += rp.hits;
		looks += rp.hits + rp.misses;
		if (pr.hits != rp.hits || pr.misses != rp.misses) {
			if (bad_h++ < 3)
				tap_diag("case %ld: hits %u/%u, reference %u/%u", c,
					 pr.hits, pr.misses, rp.hits, rp.misses);
		}
		dsig = fabs(pr.sigma / 1073741824.0 - rp.sigma);
		worst_s = dsig > worst_s ? dsig : worst_s;
		if (dsig > 1e-4 && bad_s++ < 3)
			tap_diag("case %ld: sigma %.9f, reference %.9f (U %.3f I0 %.3f E %.0f n %u)", c,
				 pr.sigma / 1073741824.0, rp.sigma, rp.u, rp.i0, ref_ecyc(&s), s.nr_waves);
		for (i = 0; i < t.nr; i++) {
			double want = ref_time_ps(&s, rp.sigma, t.opp[i].core_khz);
			double wk = rp.insts > 0 ? ref_work(&s, &rp, t.opp[i].core_khz) : 0;
			u64 got_w = gpugov_pcstall_work(&s, &pr, t.opp[i].core_khz);
			double err = fabs(tp[i] - want) / want;

			worst = err > worst ? err : worst;
			if (!close_enough((double)tp[i], want) && bad_t++ < 3)
				tap_diag("case %ld opp %u: time %llu, reference %.1f", c, i,
					 (unsigned long long)tp[i], want);
			if (rp.insts > 0 && !close_enough((double)got_w, wk) && bad_w++ < 3)
				tap_diag("case %ld opp %u: work %llu, reference %.1f", c, i,
					 (unsigned long long)got_w, wk);
		}
	}
	tap_ok(!bad_t, "reference: %d histories, times at every OPP within 0.1%% (worst %.2e, %ld off)",
	       CASES, worst, bad_t);
	tap_ok(!bad_w, "reference: predicted work I(f) = I0 + S f at every OPP within 0.1%% (%ld off)",
	       bad_w);
	tap_ok(!bad_s, "reference: elasticity sigma within 1e-4 (worst %.1e, %ld off)",
	       worst_s, bad_s);
	tap_ok(!bad_h && hits > looks / 4 && hits < looks,
	       "reference: same hits and misses (%ld of %ld lookups hit, %ld differ)",
	       hits, looks, bad_h);
}

/* ---- hand-worked examples ---------------------------------------- */

/* One epoch of 2 us at 1 GHz (2000 cycles). */
static void epoch(struct gpugov_sample *s, u32 nw)
{
	memset(s, 0, sizeof(*s));
	s->interval_ns = 2000;
	s->busy_ns = 2000;
	s->core_khz = 1000000;
	s->caps = GPUGOV_CAP_WAVES | GPUGOV_CAP_INSTS;
	s->nr_waves = nw;
}

static void wave(struct gpugov_wave *w, u64 start, u64 end, u64 insts, u64 stall,
		 u32 age)
{
	w->pc_start = start;
	w->pc_end = end;
	w->insts = insts;
	w->core_cyc = 2000;
	w->stall_cyc = stall;
	w->age_rank = age;
}

static struct gpugov_opp_table three_opps(void)
{
	struct gpugov_opp_table t = { .nr = 3 };

	t.opp[0].core_khz = 500000;
	t.opp[1].core_khz = 1000000;
	t.opp[2].core_khz = 2000000;
	return t;
}

static void test_one_wave(void)
{
	static struct gpugov_pred_state st;
	static struct gpugov_sample s;
	struct gpugov_opp_table t = three_opps();
	struct gpugov_pcstall_pred pr;
	u64 tp[3];

	/*
	 * 1000 instructions in 2000 resident cycles, 1000 of them stalled:
	 * u = 1000 * 1000 / 2000 = 500, i0 = 500, S = u / f1 = 500 per GHz,
	 * sigma = 0.5; T(2 GHz) = 2 us / (0.5 + 0.5 * 2) = 1.333 us,
	 * T(0.5 GHz) = 2 us / 0.75 = 2.667 us; I(2 GHz) = 500 + 500 * 2.
	 */
	gpugov_pred_init(&st);
	epoch(&s, 1);
	wave(&s.waves[0], 0x100, 0x100, 1000, 1000, 0);
	s.insts = 1000;
	gpugov_pred_observe(&st, &s);
	gpugov_pcstall_lookup(&st.pcstall, &s, &pr);
	gpugov_predict(&st, GPUGOV_PRED_PCSTALL, &s, &t, tp);
	tap_ok(pr.u == 500 << 16 && pr.i0 == 500 << 16 &&
	       pr.sigma == GPUGOV_PCSTALL_SIGMA_ONE / 2,
	       "one wave: u = 500, i0 = 500, sigma = 0.5 (u %llu, i0 %llu, Q16)",
	       (unsigned long long)pr.u, (unsigned long long)pr.i0);
	tap_ok(tp[1] == 2000000 && tp[2] == 1333333 && tp[0] == 2666666,
	       "one wave: 2 us at 1 GHz -> 1.333 us at 2 GHz, 2.667 us at 0.5 GHz (%llu %llu %llu)",
	       (unsigned long long)tp[0], (unsigned long long)tp[1], (unsigned long long)tp[2]);
	tap_ok(gpugov_pcstall_work(&s, &pr, 2000000) == 1500 &&
	       gpugov_pcstall_work(&s, &pr, 500000) == 750,
	       "one wave: I(2 GHz) = 1500, I(0.5 GHz) = 750 instructions");
	s.insts = 4000;	/* the wave is a quarter of the domain */
	tap_ok(gpugov_pcstall_work(&s, &pr, 2000000) == 6000,
	       "one wave of four: I(2 GHz) scaled to the domain's instructions (6000)");
}

static void test_hit_miss(void)
{
	static struct gpugov_pred_state st;
	static struct gpugov_sample s;
	struct gpugov_pcstall_stats stats;
	struct gpugov_pcstall_pred pr;
	struct gpugov_pcstall_params par = { .entries = 128, .shift = 4, .age_half = 0 };
	u32 tag;
	u64 v;

	gpugov_pred_init(&st);
	gpugov_pcstall_set_params(&st.pcstall, &par);
	/* Epoch 1: a memory-bound region at 0x100 leads to 0x200: miss. */
	epoch(&s, 1);
	wave(&s.waves[0], 0x100, 0x200, 400, 1800, 0);	/* u = 40 */
	gpugov_pred_observe(&st, &s);
	gpugov_pcstall_get_stats(&st.pcstall, &stats);
	tap_ok(stats.hits == 0 && stats.misses == 1 && stats.occupancy == 1,
	       "epoch 1: next PC 0x200 unknown: a miss, one entry");
	tap_ok(gpugov_pcstall_entry(&st.pcstall, 0x10, &tag, &v) &&
	       fabs(v - 40.0 / 2000 * Q48) < 1e-6 * v &&
	       !gpugov_pcstall_entry(&st.pcstall, 0x20, &tag, &v),
	       "epoch 1: entry 0x100 >> 4 = 16 holds 40 / 2000 instructions per cycle");
	/* Epoch 2: compute-bound region 0x200 (u = 1600), back to 0x100: hit. */
	epoch(&s, 1);
	wave(&s.waves[0], 0x200, 0x10c, 1600, 0, 0);
	gpugov_pred_observe(&st, &s);
	gpugov_pcstall_lookup(&st.pcstall, &s, &pr);
	tap_ok(pr.hits == 1 && q16r(pr.u) == 40 && pr.i0 == 0,
	       "epoch 2: next PC 0x10c hits the 0x100 line: U = 40 (as epoch 1), not 1600 (%llu)",
	       (unsigned long long)pr.u);
	/* Epoch 3: from 0x100 again, ends in 0x204: hit on the compute line. */
	epoch(&s, 1);
	wave(&s.waves[0], 0x100, 0x204, 400, 1800, 0);
	gpugov_pred_observe(&st, &s);
	gpugov_pcstall_lookup(&st.pcstall, &s, &pr);
	tap_ok(pr.hits == 1 && q16r(pr.u) == 1600 && q16r(pr.i0) == 360,
	       "epoch 3: predicts the compute region: U = 1600, I0 = 360 (%llu, %llu)",
	       (unsigned long long)pr.u, (unsigned long long)pr.i0);
	gpugov_pcstall_get_stats(&st.pcstall, &stats);
	tap_ok(stats.hits == 2 && stats.misses == 1 && stats.hit_permille == 666 &&
	       stats.occupancy == 2 && stats.updates == 3 && stats.epochs == 3,
	       "statistics: 2 hits, 1 miss (666 per mille), 2 entries, 3 updates");
}

static void test_collisions(void)
{
	static struct gpugov_pred_state st;
	static struct gpugov_sample s;
	struct gpugov_pcstall_stats stats;
	struct gpugov_pcstall_pred pr;
	u32 tag;
	u64 v;

	gpugov_pred_init(&st);
	/* 0x100 and 0x900 share entry 16 of 128 with different tags. */
	epoch(&s, 2);
	wave(&s.waves[0], 0x100, 0x100, 1000, 0, 0);
	wave(&s.waves[1], 0x900, 0x100, 200, 0, 1);
	gpugov_pred_observe(&st, &s);
	gpugov_pcstall_get_stats(&st.pcstall, &stats);
	gpugov_pcstall_lookup(&st.pcstall, &s, &pr);
	tap_ok(stats.occupancy == 1 && pr.hits == 0 && pr.misses == 2,
	       "colliding PCs: the later line replaces the earlier one, 0x100 then misses");
	/* Same line: 0x100 and 0x10f are averaged. */
	gpugov_pred_init(&st);
	epoch(&s, 2);
	wave(&s.waves[0], 0x100, 0x300, 1000, 0, 0);
	wave(&s.waves[1], 0x10f, 0x300, 200, 0, 0);
	gpugov_pred_observe(&st, &s);
	tap_ok(gpugov_pcstall_entry(&st.pcstall, 16, &tag, &v) &&
	       fabs(v - 600.0 / 2000 * Q48) < 1e-6 * v,
	       "same line in one epoch: the entry is the mean (600 / 2000 per cycle)");
	/* Every PC collides in a one-entry table. */
	gpugov_pred_init(&st);
	{
		struct gpugov_pcstall_params one = { .entries = 1, .shift = 0 };

		tap_ok(!gpugov_pcstall_set_params(&st.pcstall, &one),
		       "a one-entry table is accepted");
	}
	epoch(&s, 3);
	wave(&s.waves[0], 0x1, 0x3, 1000, 0, 0);
	wave(&s.waves[1], 0x2, 0x3, 500, 0, 0);
	wave(&s.waves[2], 0x3, 0x3, 300, 0, 0);
	gpugov_pred_observe(&st, &s);
	gpugov_pcstall_lookup(&st.pcstall, &s, &pr);
	tap_ok(pr.hits == 3 && q16r(pr.u) == 3 * 300,
	       "one-entry table: the last line owns it, every wave hits it (U %llu)",
	       (unsigned long long)pr.u);
}

static void test_age(void)
{
	static struct gpugov_pred_state st;
	static struct gpugov_sample s;
	struct gpugov_pcstall_pred pr;
	struct gpugov_pcstall_params par = { .entries = 128, .shift = 4, .age_half = 8 };

	/*
	 * Written by the oldest wave (1000 per 2000 cycles), read by a wave
	 * of rank 8: a(8) = 1/2, so U = 1000 (the writer misses) + 500.
	 */
	gpugov_pred_init(&st);
	gpugov_pcstall_set_params(&st.pcstall, &par);
	epoch(&s, 2);
	wave(&s.waves[0], 0x100, 0x500, 1000, 0, 0);
	wave(&s.waves[1], 0x400, 0x100, 10, 0, 8);
	gpugov_pred_observe(&st, &s);
	gpugov_pcstall_lookup(&st.pcstall, &s, &pr);
	tap_ok(pr.hits == 1 && q16r(pr.u) == 1000 + 500,
	       "age: a rank-8 reader sees half the oldest writer's sensitivity (U %llu)",
	       (unsigned long long)pr.u);
	/* Written at rank 8 (stored x2), read at rank 0: U = 300 + 600. */
	epoch(&s, 2);
	wave(&s.waves[0], 0x600, 0x700, 300, 0, 8);
	wave(&s.waves[1], 0x800, 0x600, 0, 0, 0);
	gpugov_pred_observe(&st, &s);
	gpugov_pcstall_lookup(&st.pcstall, &s, &pr);
	tap_ok(q16r(pr.u) == 300 + 600,
	       "age: an oldest reader sees twice a rank-8 writer's sensitivity (U %llu)",
	       (unsigned long long)pr.u);
	par.age_half = 0;
	gpugov_pcstall_set_params(&st.pcstall, &par);
	epoch(&s, 2);
	wave(&s.waves[0], 0x100, 0x500, 1000, 0, 0);
	wave(&s.waves[1], 0x400, 0x100, 10, 0, 8);
	gpugov_pred_observe(&st, &s);
	gpugov_pcstall_lookup(&st.pcstall, &s, &pr);
	tap_ok(q16r(pr.u) == 1000 + 1000, "age_half = 0: no age weighting (U %llu)",
	       (unsigned long long)pr.u);
}

static void test_region_ids(void)
{
	static struct gpugov_pred_state st;
	static struct gpugov_sample s;
	struct gpugov_pcstall_stats stats;
	struct gpugov_pcstall_params par = { .entries = 128, .shift = 0, .age_half = 0 };
	u32 i;

	gpugov_pred_init(&st);
	gpugov_pcstall_set_params(&st.pcstall, &par);
	epoch(&s, 3);
	for (i = 0; i < 3; i++)
		wave(&s.waves[i], i + 1, i + 2, 100 * (i + 1), 0, 0);
	gpugov_pred_observe(&st, &s);
	gpugov_pcstall_get_stats(&st.pcstall, &stats);
	tap_ok(stats.occupancy == 3 && stats.hits == 2 && stats.misses == 1,
	       "code-region ids with shift 0: ids 1, 2, 3 own three entries, 2 and 3 hit");
}

/* ---- adversarial ------------------------------------------------- */

/*
 * T(f) between E * min(1, f1/f) and E * max(1, f1/f) (give or take the
 * rounding), E without a clock; nothing checked where E saturates.
 */
static int time_sane(const struct gpugov_sample *s, const struct gpugov_opp_table *t,
		     const u64 *tp)
{
	u64 busy = gpugov_busy_ps(s);
	double e = (double)busy, f1 = s->core_khz;
	u32 i;

	for (i = 0; i < t->nr; i++) {
		double r = f1 / t->opp[i].core_khz, lo = e * fmin(1, r), hi = e * fmax(1, r);

		if (!s->core_khz) {
			if (tp[i] != busy)
				return 0;
			continue;
		}
		if (e >= 1e18)
			continue;
		if ((double)tp[i] + 2 < lo * (1 - 1e-9) ||
		    (hi < 1.8e19 && (double)tp[i] > hi * (1 + 1e-9) + 2))
			return 0;
	}
	return 1;
}

static int run(struct gpugov_pred_state *st, const struct gpugov_sample *s,
	       const struct gpugov_opp_table *t)
{
	u64 tp[GPUGOV_MAX_OPPS];
	struct gpugov_pcstall_pred pr;
	enum gpugov_pred_id used;
	u32 i;

	gpugov_pred_observe(st, s);
	gpugov_pred_observe(st, s);
	used = gpugov_predict(st, GPUGOV_PRED_PCSTALL, s, t, tp);
	if (used >= GPUGOV_NR_PRED)
		return 0;
	gpugov_pcstall_lookup(&st->pcstall, s, &pr);
	for (i = 0; i < t->nr; i++)
		gpugov_pcstall_work(s, &pr, t->opp[i].core_khz);
	if (pr.sigma > GPUGOV_PCSTALL_SIGMA_ONE || st->pcstall.occupancy > st->pcstall.par.entries)
		return 0;
	return used == GPUGOV_PRED_PCSTALL ? time_sane(s, t, tp) : 1;
}

static struct gpugov_opp_table wide_table(void)
{
	struct gpugov_opp_table t = { .nr = GPUGOV_MAX_OPPS };
	u32 i;

	for (i = 0; i < t.nr; i++)
		t.opp[i].core_khz = 1 + i * (4000000 / GPUGOV_MAX_OPPS);
	return t;
}

static void test_adversarial(void)
{
	static struct gpugov_pred_state st;
	static struct gpugov_sample s;
	struct gpugov_opp_table t = wide_table();
	struct gpugov_pcstall_pred pr;
	u64 tp[GPUGOV_MAX_OPPS];
	static const u64 odd[] = { 0, 1, 2, 1000, 1ULL << 32, 1ULL << 40,
				   (1ULL << 63) - 1, U64_MAX - 1, U64_MAX };
	long c, bad = 0;
	u32 i;

	gpugov_pred_init(&st);
	epoch(&s, 0);
	tap_ok(run(&st, &s, &t), "no waves: valid, sane times");
	gpugov_pcstall_lookup(&st.pcstall, &s, &pr);
	gpugov_predict(&st, GPUGOV_PRED_PCSTALL, &s, &t, tp);
	tap_ok(pr.sigma == GPUGOV_PCSTALL_SIGMA_ONE && tp[GPUGOV_MAX_OPPS - 1] ==
	       gpugov_mul_div(2000000, 1000000, t.opp[GPUGOV_MAX_OPPS - 1].core_khz),
	       "no waves: sigma = 1, time inversely proportional to the clock");
	memset(&s, 0, sizeof(s));
	tap_ok(run(&st, &s, &t), "all-zero sample");
	s.caps = GPUGOV_CAP_ALL;
	s.nr_waves = GPUGOV_MAX_WAVES;
	tap_ok(run(&st, &s, &t), "64 all-zero waves");
	memset(&s, 0xff, sizeof(s));
	tap_ok(run(&st, &s, &t), "every field at its maximum (nr_waves 2^32 - 1)");
	s.core_khz = 0;
	tap_ok(run(&st, &s, &t), "maximal counters, no core clock");
	epoch(&s, GPUGOV_MAX_WAVES);
	for (i = 0; i < GPUGOV_MAX_WAVES; i++) {
		wave(&s.waves[i], 0x1000, 0x1000, 1ULL << 40, 0, i);
		s.waves[i].core_cyc = 1;
	}
	tap_ok(run(&st, &s, &t), "64 waves of 2^40 instructions in one cycle, same PC");
	epoch(&s, 1);
	wave(&s.waves[0], 0, 0, 1000, 500, 0);
	s.waves[0].core_cyc = 0;
	s.busy_ns = 0;
	tap_ok(run(&st, &s, &t), "idle sample with a never-resident wave");

	rng_seed(0xbad5eed);
	for (c = 0; c < 20000; c++) {
		u64 *f = (u64 *)&s;
		size_t k;

		for (k = 0; k < sizeof(s) / sizeof(u64); k++)
			f[k] = odd[rng_range(0, ARRAY_SIZE(odd) - 1)];
		s.caps = (u32)rng_u64();
		s.core_khz = (u32)odd[rng_range(0, ARRAY_SIZE(odd) - 1)];
		t.nr = (u32)rng_range(1, GPUGOV_MAX_OPPS);
		if (rng_unit() < 0.5)
			s.nr_waves = (u32)rng_range(0, GPUGOV_MAX_WAVES);
		bad += !run(&st, &s, &t);
	}
	tap_ok(!bad, "20000 samples of extreme values: no trap, sane times (%ld bad)", bad);
}

/* ---- determinism, parameters, registration ---------------------- */

static void test_determinism(void)
{
	static struct gpugov_pred_state a, b;
	static struct gpugov_sample s;
	struct gpugov_opp_table t;
	u64 tp[GPUGOV_MAX_OPPS], prog[8], sum[2] = { 0, 0 };
	int pass, k;
	u32 i;

	for (pass = 0; pass < 2; pass++) {
		struct gpugov_pred_state *st = pass ? &b : &a;

		rng_seed(1234);
		random_table(&t);
		for (k = 0; k < 8; k++)
			prog[k] = rng_range(0, 255) << 4;
		gpugov_pred_init(st);
		for (k = 0; k < 200; k++) {
			random_sample(&s, &t, prog, 8);
			gpugov_pred_observe(st, &s);
			gpugov_predict(st, GPUGOV_PRED_PCSTALL, &s, &t, tp);
			for (i = 0; i < t.nr; i++)
				sum[pass] = sum[pass] * 1000003 + tp[i];
		}
	}
	tap_ok(sum[0] == sum[1] && !memcmp(&a.pcstall, &b.pcstall, sizeof(a.pcstall)),
	       "determinism: the same 200 samples give the same table and predictions");
}

static void test_params(void)
{
	static struct gpugov_pred_state st;
	static struct gpugov_sample s;
	struct gpugov_pcstall_params p;
	struct gpugov_pcstall_stats stats;
	static const struct gpugov_pcstall_params bad[] = {
		{ 0, 4, 8 }, { 3, 4, 8 }, { 2048, 4, 8 }, { 128, 33, 8 }, { 128, 4, 1025 },
	};
	size_t i;
	int rejected = 1;

	gpugov_pred_init(&st);
	gpugov_pcstall_get_stats(&st.pcstall, &stats);
	tap_ok(stats.entries == 128 && stats.shift == 4 && stats.age_half == 8 &&
	       stats.occupancy == 0 && stats.hit_permille == 0,
	       "defaults: 128 entries, PC >> 4, age_half 8, empty");
	epoch(&s, 1);
	wave(&s.waves[0], 0x100, 0x100, 10, 0, 0);
	gpugov_pred_observe(&st, &s);
	for (i = 0; i < ARRAY_SIZE(bad); i++)
		rejected &= gpugov_pcstall_set_params(&st.pcstall, &bad[i]) == -1;
	gpugov_pcstall_get_stats(&st.pcstall, &stats);
	tap_ok(rejected && stats.occupancy == 1 && stats.entries == 128,
	       "out-of-range geometry rejected, state untouched");
	p = st.pcstall.par;
	tap_ok(!gpugov_pcstall_set_params(&st.pcstall, &p) && st.pcstall.occupancy == 1,
	       "setting the parameters in force keeps the table");
	p.entries = GPUGOV_PCSTALL_MAX_ENTRIES;
	p.shift = 32;
	tap_ok(!gpugov_pcstall_set_params(&st.pcstall, &p) && st.pcstall.occupancy == 0 &&
	       st.pcstall.hits == 0 && st.pcstall.idx_bits == 10,
	       "1024 entries, shift 32: accepted, table and statistics reset");
}

static void test_registration(void)
{
	u32 caps = GPUGOV_CAP_INSTS | GPUGOV_CAP_LOAD_STALL;

	tap_ok(gpugov_predictor_find("pcstall", 7) == GPUGOV_PRED_PCSTALL &&
	       gpugov_predictor(GPUGOV_PRED_PCSTALL)->caps ==
	       (GPUGOV_CAP_WAVES | GPUGOV_CAP_INSTS),
	       "registered as \"pcstall\", needs waves and instructions");
	tap_ok(gpugov_predictor_resolve(GPUGOV_PRED_PCSTALL, caps) == GPUGOV_PRED_STALL &&
	       gpugov_predictor_resolve(GPUGOV_PRED_PCSTALL, GPUGOV_CAP_WAVES) == GPUGOV_PRED_BUSY &&
	       gpugov_predictor_resolve(GPUGOV_PRED_PCSTALL, GPUGOV_CAP_ALL) == GPUGOV_PRED_PCSTALL,
	       "without waves PCSTALL falls back like the others (STALL, busy)");
}

int main(void)
{
	test_one_wave();
	test_hit_miss();
	test_collisions();
	test_age();
	test_region_ids();
	test_adversarial();
	test_determinism();
	test_params();
	test_registration();
	test_reference();
	return tap_done("pcstall");
}
