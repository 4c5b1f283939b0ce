// SPDX-License-Identifier: GPL-2.0
/*
 * test_pcstall.c - PCSTALL, the PC-indexed wave sensitivity predictor
 * (predictors/pred_pcstall.c, PCSTALL section 4.4).
 *
 * 1. A double-precision reference written from the formulas (its own
 *    table, indexing, averaging and age weighting) on 100 000 seeded
 *    random histories: every table entry (both rates), the predicted U
 *    and I0, predicted times at every OPP, the elasticity, the predicted
 *    work at every OPP and the hit/miss counts must agree (within 0.1%,
 *    or 8 ps / 8 instructions / 2^-40 per cycle).
 * 2. Hand-worked examples: one wave's sensitivity, a hit/miss sequence
 *    across a phase change (I0 from the table), colliding PCs, same-line
 *    averaging, age weighting, code-region ids, a wave resident for part
 *    of the epoch.
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
	double val[GPUGOV_PCSTALL_MAX_ENTRIES];	/* s: scaling rate */
	double ival[GPUGOV_PCSTALL_MAX_ENTRIES];	/* z: non-scaling, per ns */
	double khz[GPUGOV_PCSTALL_MAX_ENTRIES];		/* clock it was written at */
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

/* E as busy time in ns */
static double ref_ens(const struct gpugov_sample *s)
{
	return (double)(s->busy_ns < s->interval_ns ? s->busy_ns : s->interval_ns);
}

/*
 * u_w and i0_w of one wave measured at @khz, and its rates over its
 * resident time: s_w = u_w / C_w per cycle, z_w = i0_w / (C_w / f1) per ns
 * (each clamped to 256; z_w from the clamped rate per cycle, as the code)
 */
static void ref_wave(const struct gpugov_wave *w, double khz, double *u, double *i0,
		     double *sw, double *zw)
{
	double c = (double)w->core_cyc, st = fmin((double)w->stall_cyc, c);

	*u = c > 0 ? (double)w->insts * (c - st) / c : 0;
	*i0 = (double)w->insts - *u;
	*sw = c > 0 ? fmin(*u / c, 256.0) : 0;
	*zw = c > 0 ? fmin(fmin(*i0 / c, 256.0) * khz / 1e6, 256.0) : 0;
}

static double ref_weight(const struct ref_table *r, const struct gpugov_wave *w)
{
	return r->half ? (double)r->half / (r->half + fmin(w->age_rank, 65535)) : 1.0;
}

static void ref_observe(struct ref_table *r, const struct gpugov_sample *s)
{
	unsigned int n = s->nr_waves < GPUGOV_MAX_WAVES ? s->nr_waves : GPUGOV_MAX_WAVES;
	unsigned int i, j;
	double u, i0, sw, zw;

	if (!(s->caps & GPUGOV_CAP_WAVES))
		return;
	for (i = 0; i < n; i++) {
		u64 li = s->waves[i].pc_start >> r->shift;
		unsigned int idx = li & (r->entries - 1);
		double sum = 0, isum = 0;
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
				isum = 0;
				cnt = 0;
				continue;
			}
			ref_wave(&s->waves[j], s->core_khz, &u, &i0, &sw, &zw);
			sum += fmin(sw / ref_weight(r, &s->waves[j]), 256.0);
			isum += fmin(zw / ref_weight(r, &s->waves[j]), 256.0);
			cnt++;
		}
		r->val[idx] = sum / cnt;
		r->ival[idx] = isum / cnt;
		r->khz[idx] = s->core_khz;
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
	double e = ref_ecyc(s), ens = ref_ens(s), u, i0, sw, zw;
	unsigned int i;

	memset(p, 0, sizeof(*p));
	for (i = 0; i < n; i++) {
		u64 l = s->waves[i].pc_end >> r->shift;
		unsigned int idx = l & (r->entries - 1);

		ref_wave(&s->waves[i], s->core_khz, &u, &i0, &sw, &zw);
		if (r->valid[idx] && ref_same(r, r->line[idx], l)) {
			u = r->val[idx] * ref_weight(r, &s->waves[i]) * e;
			i0 = r->ival[idx] * ref_weight(r, &s->waves[i]) * ens;
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

/* The domain's work at f: its measured work, split by sigma. */
static double ref_work(const struct gpugov_sample *s, const struct ref_pred *p, double f)
{
	return (double)s->insts * ((1 - p->sigma) + p->sigma * f / s->core_khz);
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

/*
 * Every entry against the reference: same valid lines and tags, each rate
 * within 0.1% of the entry's whole rate, s + z in the same unit (the split
 * of a wave's instructions is exact to 2^-32 of them, so a part of a
 * thousandth of the whole is not exact to 0.1% of itself).
 */
static long check_entries(const struct gpugov_pcstall_state *ps,
			  const struct ref_table *r, long c, long *n)
{
	long bad = 0;
	u32 i, tag;
	u64 v, z;

	for (i = 0; i < r->entries; i++) {
		bool valid = gpugov_pcstall_entry(ps, i, &tag, &v);
		double ns_per_cyc = r->khz[i] > 0 ? 1e6 / r->khz[i] : 0;
		double tol_s = fmax(TOL * (r->val[i] + r->ival[i] * ns_per_cyc), 0x1p-40);
		double tol_z = fmax(TOL * (r->ival[i] + (ns_per_cyc > 0 ? r->val[i] / ns_per_cyc : 0)),
				    0x1p-40);

		if (valid != !!r->valid[i] ||
		    (valid && (tag != ref_tag(r, r->line[i]) ||
			       !gpugov_pcstall_entry_i0(ps, i, &z) ||
			       fabs(v / Q48 - r->val[i]) > tol_s ||
			       fabs(z / Q48 - r->ival[i]) > tol_z))) {
			if (bad++ < 1)
				tap_diag("case %ld entry %u: %d %g %g, reference %d %g %g", c, i,
					 valid, v / Q48, z / Q48, r->valid[i], r->val[i],
					 r->ival[i]);
		}
		*n += valid;
	}
	return bad;
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
	long bad_t = 0, bad_w = 0, bad_s = 0, bad_h = 0, bad_e = 0, bad_p = 0;
	long hits = 0, looks = 0, entries = 0, c;
	double worst = 0, worst_s = 0, worst_w = 0, dsig;
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
		bad_e += check_entries(&st.pcstall, &rt, c, &entries);
		if ((!close_enough(pr.u / 65536.0, rp.u) ||
		     !close_enough(pr.i0 / 65536.0, rp.i0)) && bad_p++ < 3)
			tap_diag("case %ld: U %.3f I0 %.3f, reference %.3f %.3f", c,
				 pr.u / 65536.0, pr.i0 / 65536.0, rp.u, rp.i0);
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
			double wk = ref_work(&s, &rp, t.opp[i].core_khz);
			u64 got_w = gpugov_pcstall_work(&s, &pr, t.opp[i].core_khz);
			double err = fabs(tp[i] - want) / want;
			/* relative, where 0.1% is more than the 8 instructions */
			double err_w = wk > 8000 ? fabs((double)got_w - wk) / wk : 0;

			worst = err > worst ? err : worst;
			worst_w = err_w > worst_w ? err_w : worst_w;
			if (!close_enough((double)tp[i], want) && bad_t++ < 3)
				tap_diag("case %ld opp %u: time %llu, reference %.1f", c, i,
					 (unsigned long long)tp[i], want);
			if (!close_enough((double)got_w, wk) && bad_w++ < 3)
				tap_diag("case %ld opp %u: work %llu, reference %.1f (U %.6f %.6f I0 %.6f %.6f sigma %.8f %.8f f/f1 %.1f insts %llu)", c, i,
					 (unsigned long long)got_w, wk, pr.u / 65536.0, rp.u, pr.i0 / 65536.0, rp.i0, pr.sigma / 1073741824.0, rp.sigma, (double)t.opp[i].core_khz / s.core_khz, (unsigned long long)s.insts);
		}
	}
	tap_ok(!bad_e, "reference: %ld table entries, same tags, rates within 0.1%% (%ld off)",
	       entries, bad_e);
	tap_ok(!bad_p, "reference: predicted U and I0 within 0.1%% (%ld off)", bad_p);
	tap_ok(!bad_t, "reference: %d histories, times at every OPP within 0.1%% (worst %.2e, %ld off)",
	       CASES, worst, bad_t);
	tap_ok(!bad_w, "reference: the domain's work W ((1 - sigma) + sigma f / f1) at every OPP "
	       "within 0.1%% (worst %.2e above 8000, %ld off)", worst_w, bad_w);
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
	tap_ok(gpugov_pcstall_entry_i0(&st.pcstall, 0x10, &v) &&
	       fabs(v - 360.0 / 2000 * Q48) < 1e-6 * v,
	       "epoch 1: and 360 / 2000 instructions per ns (1 GHz) that do not scale");
	/* Epoch 2: compute-bound region 0x200 (u = 1600), back to 0x100: hit. */
	epoch(&s, 1);
	wave(&s.waves[0], 0x200, 0x10c, 1600, 0, 0);
	s.insts = 1600;
	gpugov_pred_observe(&st, &s);
	gpugov_pcstall_lookup(&st.pcstall, &s, &pr);
	tap_ok(pr.hits == 1 && q16r(pr.u) == 40 && q16r(pr.i0) == 360,
	       "epoch 2: next PC 0x10c hits the 0x100 line: U = 40, I0 = 360 (as epoch 1), "
	       "not 1600 and 0 (%llu, %llu)", (unsigned long long)pr.u,
	       (unsigned long long)pr.i0);
	/*
	 * sigma = 40 / 400 = 0.1 (the last epoch's I0, 0, with the looked-up
	 * U would give 1): at the measured level, 1600 instructions at 1 GHz,
	 * 1600 * (0.9 + 0.1 * 2) = 1760 at 2 GHz (not 3200), to the
	 * instruction the fixed point floors.
	 */
	tap_ok(fabs(pr.sigma / 1073741824.0 - 0.1) < 1e-6 &&
	       gpugov_pcstall_work(&s, &pr, 1000000) + 1 >= 1600 &&
	       gpugov_pcstall_work(&s, &pr, 1000000) <= 1600 &&
	       gpugov_pcstall_work(&s, &pr, 2000000) + 1 >= 1760 &&
	       gpugov_pcstall_work(&s, &pr, 2000000) <= 1760,
	       "epoch 2: sigma 0.1 from the looked-up region; I(1 GHz) = 1600, "
	       "I(2 GHz) = 1760 (%llu, %llu)",
	       (unsigned long long)gpugov_pcstall_work(&s, &pr, 1000000),
	       (unsigned long long)gpugov_pcstall_work(&s, &pr, 2000000));
	/* Epoch 3: from 0x100 again, ends in 0x204: hit on the compute line. */
	epoch(&s, 1);
	wave(&s.waves[0], 0x100, 0x204, 400, 1800, 0);
	gpugov_pred_observe(&st, &s);
	gpugov_pcstall_lookup(&st.pcstall, &s, &pr);
	tap_ok(pr.hits == 1 && q16r(pr.u) == 1600 && pr.i0 == 0,
	       "epoch 3: predicts the compute region: U = 1600, I0 = 0, not the last "
	       "epoch's 360 (%llu, %llu)", (unsigned long long)pr.u,
	       (unsigned long long)pr.i0);
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

static void test_partial(void)
{
	static struct gpugov_pred_state st;
	static struct gpugov_sample s;
	struct gpugov_pcstall_pred pr;
	struct gpugov_pcstall_params par = { .entries = 128, .shift = 4, .age_half = 0 };
	u32 tag;
	u64 v, z;

	/*
	 * A wave placed half-way through a 2000-cycle epoch at 1 GHz: 600
	 * instructions in its 1000 resident cycles, 500 of them stalled:
	 * u = 300, i0 = 300; s = 0.3 per cycle, z = 0.3 per ns.  A wave
	 * resuming at its start PC runs a whole epoch: U = I0 = 600.
	 */
	gpugov_pred_init(&st);
	gpugov_pcstall_set_params(&st.pcstall, &par);
	epoch(&s, 2);
	wave(&s.waves[0], 0x300, 0x340, 600, 500, 1);
	s.waves[0].core_cyc = 1000;
	wave(&s.waves[1], 0x500, 0x300, 0, 2000, 0);
	gpugov_pred_observe(&st, &s);
	gpugov_pcstall_lookup(&st.pcstall, &s, &pr);
	tap_ok(gpugov_pcstall_entry(&st.pcstall, 0x30, &tag, &v) &&
	       gpugov_pcstall_entry_i0(&st.pcstall, 0x30, &z) &&
	       fabs(v - 0.3 * Q48) < 1e-6 * v && fabs(z - 0.3 * Q48) < 1e-6 * z,
	       "partial residency: rates over the resident time (0.3 per cycle, 0.3 per ns)");
	tap_ok(pr.hits == 1 && pr.misses == 1 && q16r(pr.u) == 300 + 600 &&
	       q16r(pr.i0) == 300 + 600,
	       "partial residency: a reader of the line predicts a whole epoch of it "
	       "(U %llu, I0 %llu: 300 + 600 each)", (unsigned long long)q16r(pr.u),
	       (unsigned long long)q16r(pr.i0));
}

static void test_clocks(void)
{
	static struct gpugov_pred_state st;
	static struct gpugov_sample s;
	struct gpugov_pcstall_pred pr;
	struct gpugov_pcstall_params par = { .entries = 128, .shift = 4, .age_half = 0 };

	/*
	 * Written at 2 GHz: 1200 instructions in 4000 cycles (2 us), 2000 of
	 * them stalled: u = 600 (0.15 per cycle), i0 = 600 (0.3 per ns).
	 * Read at 0.5 GHz over 2 us (1000 cycles): U = 150, I0 = 600, so the
	 * wave's I(2 GHz) = 600 + 150 * 4 = 1200, what 2 GHz did.  An I0 per
	 * cycle would say 150 + 600 = 750.
	 */
	gpugov_pred_init(&st);
	gpugov_pcstall_set_params(&st.pcstall, &par);
	epoch(&s, 1);
	s.core_khz = 2000000;
	wave(&s.waves[0], 0x700, 0x900, 1200, 2000, 0);
	s.waves[0].core_cyc = 4000;
	gpugov_pred_observe(&st, &s);
	epoch(&s, 1);
	s.core_khz = 500000;
	wave(&s.waves[0], 0x900, 0x700, 100, 0, 0);
	s.waves[0].core_cyc = 1000;
	s.insts = 100;
	gpugov_pred_observe(&st, &s);
	gpugov_pcstall_lookup(&st.pcstall, &s, &pr);
	tap_ok(pr.hits == 1 && q16r(pr.u) == 150 && q16r(pr.i0) == 600,
	       "another clock: an entry written at 2 GHz read at 0.5 GHz gives U = 150 "
	       "(per cycle), I0 = 600 (per ns) (%llu, %llu)",
	       (unsigned long long)q16r(pr.u), (unsigned long long)q16r(pr.i0));
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
	test_partial();
	test_clocks();
	test_adversarial();
	test_determinism();
	test_params();
	test_registration();
	test_reference();
	return tap_done("pcstall");
}
