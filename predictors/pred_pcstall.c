// SPDX-License-Identifier: GPL-2.0
/*
 * pred_pcstall.c - PCSTALL, the PC-indexed wavefront sensitivity predictor
 * of PCSTALL section 4.4, in fixed point.
 *
 * Estimation (section 4.4 "Estimation Model"): for each wave w resident
 * at the end of the epoch, measured at f1 over E busy cycles, of which it
 * was resident for C_w,
 *	u_w  = I_w * (C_w - St_w) / C_w		(IPC_w x non-stalled cycles)
 *	i0_w = I_w - u_w
 * (u_w, i0_w and the sums U, I0 below are Q16 instructions)
 * so that S_w = IPC_w * T_core,w = u_w / f1.  This is the tangent at f1 of
 * the STALL model T(f) = T_stall + T_core * f1 / f over a fixed-time
 * epoch: I_w(f) ~ i0_w + u_w * f / f1, i0_w its intercept.
 *
 * Table (section 4.4, Figure 12: an entry holds "the sensitivity of the
 * time epoch starting from the PC"): per entry two rates over the wave's
 * resident time, Q48 instructions,
 *	s_w = u_w / C_w		per cycle: the work that scales with f
 *	z_w = i0_w / (C_w / f1)	per ns: the work that does not (I0)
 * The seed predicts S from the table and says nothing of I0; keeping I0
 * per entry too makes the predicted work I0 + S f that of the same
 * looked-up code, where a reactive I0 would add the last phase's
 * intercept to the next phase's slope.  s_w per cycle and z_w per unit of
 * time are the two terms of I(f) = I0 + S f: an entry written at one clock
 * and read at another predicts the same I0 and the same S.  Over resident
 * time, not the epoch's: a wave placed during the epoch ran only C_w < E
 * cycles of it, and a reader resident at the boundary runs from the start
 * of the next epoch.
 *
 * Age (section 4.4, Figure 11(a)): under oldest-first scheduling a wave of
 * age rank r loses issue slots to r older waves, so it commits fewer
 * instructions of either kind.  Entries hold s_w / a(r) and z_w / a(r),
 * a(r) = H / (H + r), the values an oldest wave would have seen; a lookup
 * multiplies by the reader's a(r).  H = 0 turns this off.
 *
 * Update ("Update Mechanism"): at the end of the epoch each wave's values
 * go to the entry of its starting PC; waves of the same line in one
 * epoch are averaged; a line replaces another one of the same index
 * (direct mapped, tagged).  Lookup ("Lookup Mechanism"): each wave's next
 * PC (pc_end) is looked up; a hit predicts u'_w = s * E (cycles at f1),
 * i0'_w = z * E_ps (the epoch's time), at the reader's age; a miss falls
 * back to the wave's own last u_w and i0_w, which makes the model the
 * reactive wave-level STALL model.
 *
 * Prediction (sections 3.2, 4.2): the waves' next epoch's work at f is
 *	I(f) = I0 + S * f,  I0 = sum i0'_w,  S * f1 = U = sum u'_w
 * of which sigma = U / (I0 + U) scales with f; the domain's, from its
 * measured work W, W * ((1 - sigma) + sigma * f / f1), and the sample's
 * busy time E_ps at OPP f, for a fixed-time epoch,
 *	T(f) = E_ps * I(f1) / I(f) = E_ps * f1 / ((1 - sigma) f1 + sigma f),
 *	sigma = U / (I0 + U), Q30.
 * T(f1) = E_ps as for every other model, and since 0 <= sigma <= 1,
 * T(f) lies between E_ps and E_ps * f1 / f (all work memory-bound, all
 * work compute-bound): it never divides by zero for non-zero clocks.
 */
#include "gpugov_predict.h"
#include "gpugov_fixed.h"

#define PCS_TAG_VALID	BIT(31)
#define PCS_TAG_MASK	(PCS_TAG_VALID - 1)
#define PCS_S_ONE	BIT_ULL(GPUGOV_PCSTALL_S_SHIFT)
/*
 * Rates are clamped to 256 instructions per cycle or per ns: 64 waves sum
 * below 2^62.
 */
#define PCS_S_MAX	(PCS_S_ONE << 8)
/* Age ranks beyond this are all "very young". */
#define PCS_AGE_MAX	65535U

static const struct gpugov_pcstall_params pcs_defaults = {
	.entries = GPUGOV_PCSTALL_DEF_ENTRIES,
	.shift = GPUGOV_PCSTALL_DEF_SHIFT,
	.age_half = GPUGOV_PCSTALL_DEF_AGE_HALF,
};

static bool pcs_params_ok(const struct gpugov_pcstall_params *par)
{
	return par->entries && par->entries <= GPUGOV_PCSTALL_MAX_ENTRIES &&
	       !(par->entries & (par->entries - 1)) &&
	       par->shift <= GPUGOV_PCSTALL_MAX_SHIFT &&
	       par->age_half <= GPUGOV_PCSTALL_MAX_AGE_HALF;
}

/**
 * gpugov_pcstall_reset() - forget the table and the statistics
 * @ps: state; the parameters are kept
 */
void gpugov_pcstall_reset(struct gpugov_pcstall_state *ps)
{
	memset(ps->val, 0, sizeof(ps->val));
	memset(ps->ival, 0, sizeof(ps->ival));
	memset(ps->tag, 0, sizeof(ps->tag));
	memset(ps->cnt, 0, sizeof(ps->cnt));
	ps->occupancy = 0;
	ps->hits = 0;
	ps->misses = 0;
	ps->updates = 0;
	ps->epochs = 0;
	ps->last_sigma = 0;
	ps->last_u = 0;
	ps->last_i0 = 0;
	ps->seen_nr = 0;
}

/**
 * gpugov_pcstall_set_params() - change geometry or age weighting
 * @ps: state
 * @par: new parameters, see struct gpugov_pcstall_params for the limits
 *
 * Any change empties the table (entries are meaningless under another
 * index or normalisation); setting the parameters in force keeps it.
 *
 * Return: 0, or -1 with @ps untouched if @par is out of range.
 */
int gpugov_pcstall_set_params(struct gpugov_pcstall_state *ps,
			      const struct gpugov_pcstall_params *par)
{
	u32 bits = 0;

	if (!pcs_params_ok(par))
		return -1;
	if (ps->par.entries == par->entries && ps->par.shift == par->shift &&
	    ps->par.age_half == par->age_half)
		return 0;
	while (BIT(bits) < par->entries)
		bits++;
	ps->par = *par;
	ps->idx_bits = bits;
	gpugov_pcstall_reset(ps);
	return 0;
}

/**
 * gpugov_pcstall_init() - empty table with the default parameters
 * @ps: state to initialise
 */
void gpugov_pcstall_init(struct gpugov_pcstall_state *ps)
{
	memset(ps, 0, sizeof(*ps));
	gpugov_pcstall_set_params(ps, &pcs_defaults);
}

/* Busy cycles E of the sample at f1, at least 1. */
static u64 pcs_epoch_cyc(const struct gpugov_sample *s)
{
	return max_t(u64, gpugov_ps_to_cyc(gpugov_busy_ps(s), s->core_khz), 1);
}

/*
 * The wave's scaling instructions u_w and non-scaling instructions i0_w,
 * both Q16 (GPUGOV_PCSTALL_WORK_SHIFT) so that short epochs of small
 * waves keep their fractions.  Stalls are clamped to the resident cycles;
 * a wave that was never resident has no scaling work.
 */
static u64 pcs_wave(const struct gpugov_wave *w, u64 *i0)
{
	u64 c = w->core_cyc, st = min_t(u64, w->stall_cyc, c);
	u64 all = gpugov_mul_shr64(w->insts, 1ULL << GPUGOV_PCSTALL_WORK_SHIFT, 0);
	u64 u = 0;

	if (c)
		u = gpugov_mul_shr64(w->insts,
				     gpugov_div_shl(c - st, c, 32),
				     32 - GPUGOV_PCSTALL_WORK_SHIFT);
	u = min_t(u64, u, all);
	*i0 = all - u;
	return u;
}

/* A Q16 count @q over @cyc (>= 1) cycles, Q48 instructions per cycle, clamped */
static u64 pcs_per_cyc(u64 q, u64 cyc)
{
	return min_t(u64, gpugov_mul_div64(q, 1ULL << (GPUGOV_PCSTALL_S_SHIFT -
						       GPUGOV_PCSTALL_WORK_SHIFT), cyc),
		     PCS_S_MAX);
}

/*
 * A Q16 count over @cyc (>= 1) cycles at @khz, Q48 instructions per ns,
 * clamped: work that does not scale with the clock has a rate in time.
 */
static u64 pcs_per_ns(u64 q, u64 cyc, u64 khz)
{
	return min_t(u64, gpugov_mul_div64(pcs_per_cyc(q, cyc), khz, 1000000),
		     PCS_S_MAX);
}

/* A Q48 rate per cycle over @ecyc cycles, Q16 instructions, saturated */
static u64 pcs_over_cyc(u64 rate, u64 ecyc)
{
	return gpugov_mul_shr64(rate, ecyc, GPUGOV_PCSTALL_S_SHIFT -
				GPUGOV_PCSTALL_WORK_SHIFT);
}

/* A Q48 rate per ns over @eps ps, Q16 instructions, saturated */
static u64 pcs_over_ps(u64 rate, u64 eps)
{
	return gpugov_mul_div64(rate, eps, 1000ULL << (GPUGOV_PCSTALL_S_SHIFT -
						       GPUGOV_PCSTALL_WORK_SHIFT));
}

static u64 pcs_age(const struct gpugov_wave *w)
{
	return min_t(u32, w->age_rank, PCS_AGE_MAX);
}

/* s / a(r): a rate as the oldest wave would have seen it. */
static u64 pcs_normalise(const struct gpugov_pcstall_state *ps, u64 sw,
			 const struct gpugov_wave *w)
{
	u64 h = ps->par.age_half;

	if (!h)
		return sw;
	return min_t(u64, gpugov_mul_div64(sw, h + pcs_age(w), h), PCS_S_MAX);
}

/* v * a(r): an oldest-wave rate as seen by a wave of rank r. */
static u64 pcs_denormalise(const struct gpugov_pcstall_state *ps, u64 v,
			   const struct gpugov_wave *w)
{
	u64 h = ps->par.age_half;

	if (!h)
		return v;
	return gpugov_mul_div64(v, h, h + pcs_age(w));
}

static u64 pcs_line(const struct gpugov_pcstall_state *ps, u64 pc)
{
	return pc >> ps->par.shift;	/* shift <= 32 */
}

static u32 pcs_index(const struct gpugov_pcstall_state *ps, u64 line)
{
	return (u32)(line & (ps->par.entries - 1));
}

/* Upper line bits folded to 31 bits, with the valid bit set. */
static u32 pcs_tag(const struct gpugov_pcstall_state *ps, u64 line)
{
	u64 up = line >> ps->idx_bits;

	return (((u32)up ^ (u32)(up >> 32)) & PCS_TAG_MASK) | PCS_TAG_VALID;
}

static u32 pcs_nr_waves(const struct gpugov_sample *s)
{
	if (!(s->caps & GPUGOV_CAP_WAVES))
		return 0;
	return min_t(u32, s->nr_waves, GPUGOV_MAX_WAVES);
}

/**
 * gpugov_pcstall_lookup() - the next epoch's work from the table
 * @ps: state (read only)
 * @s: the last epoch's sample; its waves' pc_end index the table
 * @out: the prediction
 *
 * Each wave contributes, on a hit, the entry's rates (scaled to its age)
 * times the epoch length E, on a miss its own u_w and i0_w: U = sum u'_w,
 * I0 = sum i0'_w.  sigma = U / (I0 + U); with no waves or no predicted
 * work at all, sigma is 1 (time inversely proportional to the clock: the
 * conservative guess, as for the busy-only model).
 */
void gpugov_pcstall_lookup(const struct gpugov_pcstall_state *ps,
			   const struct gpugov_sample *s,
			   struct gpugov_pcstall_pred *out)
{
	u32 n = pcs_nr_waves(s), i;
	u64 ecyc = pcs_epoch_cyc(s), eps = gpugov_busy_ps(s), den;

	memset(out, 0, sizeof(*out));
	for (i = 0; i < n; i++) {
		const struct gpugov_wave *w = &s->waves[i];
		u64 i0, u = pcs_wave(w, &i0);
		u64 line = pcs_line(ps, w->pc_end);
		u32 idx = pcs_index(ps, line);

		if (ps->tag[idx] == pcs_tag(ps, line)) {
			u = pcs_over_cyc(pcs_denormalise(ps, ps->val[idx], w),
					 ecyc);
			i0 = pcs_over_ps(pcs_denormalise(ps, ps->ival[idx], w),
					 eps);
			out->hits++;
		} else {
			out->misses++;
		}
		out->u = gpugov_sat_add(out->u, u);
		out->i0 = gpugov_sat_add(out->i0, i0);
		out->wave_insts = gpugov_sat_add(out->wave_insts, w->insts);
	}
	den = gpugov_sat_add(out->i0, out->u);
	out->sigma = den ? gpugov_div_shl(out->u, den,
					  GPUGOV_PCSTALL_SIGMA_SHIFT) :
			   GPUGOV_PCSTALL_SIGMA_ONE;
	out->sigma = min_t(u64, out->sigma, GPUGOV_PCSTALL_SIGMA_ONE);
}

/**
 * gpugov_pcstall_observe() - end of epoch: update the table, then look up
 * the next epoch (for the statistics)
 * @ps: state
 * @s: the epoch's sample; ignored without GPUGOV_CAP_WAVES
 *
 * Waves with no resident cycles carry no information and do not update.
 */
void gpugov_pcstall_observe(struct gpugov_pcstall_state *ps,
			    const struct gpugov_sample *s)
{
	u32 n = pcs_nr_waves(s), i;
	struct gpugov_pcstall_pred pr;

	if (!n)
		return;
	for (i = 0; i < n; i++) {
		const struct gpugov_wave *w = &s->waves[i];
		u64 i0, u, sw, zw, line = pcs_line(ps, w->pc_start);
		u32 idx = pcs_index(ps, line), tag = pcs_tag(ps, line);

		if (!w->core_cyc)
			continue;
		/* s_w per resident cycle, z_w per resident ns, oldest priority */
		u = pcs_wave(w, &i0);
		sw = pcs_normalise(ps, pcs_per_cyc(u, w->core_cyc), w);
		zw = pcs_normalise(ps, pcs_per_ns(i0, w->core_cyc, s->core_khz),
				   w);
		if (!ps->cnt[idx] || ps->tag[idx] != tag) {
			/* First wave of this line in this epoch: replace. */
			if (!(ps->tag[idx] & PCS_TAG_VALID))
				ps->occupancy++;
			ps->tag[idx] = tag;
			ps->val[idx] = 0;
			ps->ival[idx] = 0;
			ps->cnt[idx] = 0;
		}
		ps->val[idx] = gpugov_sat_add(ps->val[idx], sw);
		ps->ival[idx] = gpugov_sat_add(ps->ival[idx], zw);
		ps->cnt[idx]++;
	}
	for (i = 0; i < n; i++) {
		u32 idx = pcs_index(ps, pcs_line(ps, s->waves[i].pc_start));

		if (ps->cnt[idx]) {
			ps->val[idx] = div_u64(ps->val[idx], ps->cnt[idx]);
			ps->ival[idx] = div_u64(ps->ival[idx], ps->cnt[idx]);
			ps->cnt[idx] = 0;
			ps->updates++;
		}
	}
	ps->epochs++;
	gpugov_pcstall_lookup(ps, s, &pr);
	ps->seen_busy_ns = s->busy_ns;
	ps->seen_interval_ns = s->interval_ns;
	ps->seen_core_khz = s->core_khz;
	ps->seen_nr = n;
	memcpy(ps->seen_waves, s->waves, n * sizeof(s->waves[0]));
	ps->hits += pr.hits;
	ps->misses += pr.misses;
	ps->last_sigma = pr.sigma;
	ps->last_u = pr.u;
	ps->last_i0 = pr.i0;
}

/**
 * gpugov_pcstall_time_ps() - busy time of the sample's work at an OPP
 * @s: sample, measured at f1 = s->core_khz over its busy time E_ps
 * @sigma: elasticity, Q30, clamped to 1.0
 * @to: the OPP, core clock f
 *
 * T(f) = E_ps * f1 / ((1 - sigma) * f1 + sigma * f): a fixed-time epoch
 * that commits I(f1) instructions at f1 commits I(f) = I0 + S f at f, so
 * the same work takes E * I(f1) / I(f).  Where the OPP also moves the
 * memory clock, the insensitive rate I0 follows it (see gpugov_mem_ps()):
 * the (1 - sigma) * f1 term is scaled by mem_f / mem_f1.  The denominator
 * is zero only for zero clocks, where the result saturates.
 *
 * Return: the time in ps, saturated at U64_MAX.
 */
u64 gpugov_pcstall_time_ps(const struct gpugov_sample *s, u64 sigma,
			   const struct gpugov_opp *to)
{
	u64 e = gpugov_busy_ps(s), f1 = s->core_khz, den, insens;

	sigma = min_t(u64, sigma, GPUGOV_PCSTALL_SIGMA_ONE);
	insens = (GPUGOV_PCSTALL_SIGMA_ONE - sigma) * f1;
	if ((s->caps & GPUGOV_CAP_MEM_KHZ) && s->mem_khz && to->mem_khz)
		insens = gpugov_mul_div64(insens, to->mem_khz, s->mem_khz);
	den = gpugov_sat_add(insens, sigma * to->core_khz);
	if (!f1)
		return e;
	return gpugov_mul_div64(e, f1 << GPUGOV_PCSTALL_SIGMA_SHIFT, den);
}

/**
 * gpugov_pcstall_work() - predicted instructions of the next epoch at a
 * clock, I(f) = I0 + S * f (PCSTALL section 3.2), for the domain
 * @s: the last epoch's sample (f1 = s->core_khz)
 * @pr: gpugov_pcstall_lookup() of @s
 * @to_khz: f
 *
 * The waves' looked-up work splits into the part that scales with f and
 * the part that does not, sigma = U / (I0 + U); the domain's next epoch is
 * predicted with that split at the level the domain measured, W = insts
 * (or, without GPUGOV_CAP_INSTS, the waves' instructions):
 *	I(f) = W * (1 - sigma) + W * sigma * f / f1
 * i.e. I0 = W (1 - sigma), S = W sigma / f1, and I(f) = W * E / T(f) with
 * T(f) of gpugov_pcstall_time_ps() (at the same memory clock): the same
 * work the time model implies.
 * The waves alone do not give the domain's level: they are those resident
 * at the boundary, on the cores sampled, while the domain's work includes
 * the waves that exit and arrive during the epoch and the other cores
 * (see docs/pcstall.md).  This is what PCSTALL section 6.1 compares with
 * the instructions actually committed.
 *
 * Return: instructions, saturated at U64_MAX.
 */
u64 gpugov_pcstall_work(const struct gpugov_sample *s,
			const struct gpugov_pcstall_pred *pr, u32 to_khz)
{
	u64 dom = (s->caps & GPUGOV_CAP_INSTS) ? s->insts : pr->wave_insts;
	u64 f1 = s->core_khz, sigma, fac;

	if (!f1)
		return dom;
	/* (1 - sigma) f1 + sigma f, Q30 kHz: below 2^63; one rounding */
	sigma = min_t(u64, pr->sigma, GPUGOV_PCSTALL_SIGMA_ONE);
	fac = (GPUGOV_PCSTALL_SIGMA_ONE - sigma) * f1 + sigma * to_khz;
	return gpugov_mul_div64(dom, fac, f1 << GPUGOV_PCSTALL_SIGMA_SHIFT);
}

/**
 * gpugov_pcstall_get_stats() - table statistics for debugfs
 * @ps: state
 * @st: out
 */
void gpugov_pcstall_get_stats(const struct gpugov_pcstall_state *ps,
			      struct gpugov_pcstall_stats *st)
{
	u64 total = gpugov_sat_add(ps->hits, ps->misses);

	memset(st, 0, sizeof(*st));
	st->entries = ps->par.entries;
	st->shift = ps->par.shift;
	st->age_half = ps->par.age_half;
	st->occupancy = ps->occupancy;
	st->hits = ps->hits;
	st->misses = ps->misses;
	st->hit_permille = total ? (u32)gpugov_mul_div64(ps->hits, 1000, total) : 0;
	st->updates = ps->updates;
	st->epochs = ps->epochs;
	st->last_sigma_q30 = ps->last_sigma;
}

/**
 * gpugov_pcstall_entry() - one table entry, for a debugfs dump
 * @ps: state
 * @idx: entry index, below the entries in use
 * @tag: out, the folded tag (bits 0..30)
 * @val: out, the stored oldest-priority rate of instructions that scale
 *	with f (sensitivity per resident cycle), Q48
 *
 * Return: true if @idx is in use and valid.
 */
bool gpugov_pcstall_entry(const struct gpugov_pcstall_state *ps, u32 idx,
			  u32 *tag, u64 *val)
{
	if (idx >= ps->par.entries || !(ps->tag[idx] & PCS_TAG_VALID))
		return false;
	*tag = ps->tag[idx] & PCS_TAG_MASK;
	*val = ps->val[idx];
	return true;
}

/**
 * gpugov_pcstall_entry_i0() - the other half of a table entry
 * @ps: state
 * @idx: entry index, below the entries in use
 * @ival: out, the stored oldest-priority rate of instructions that do not
 *	scale with f (I0 per resident ns), Q48
 *
 * Return: true if @idx is in use and valid.
 */
bool gpugov_pcstall_entry_i0(const struct gpugov_pcstall_state *ps, u32 idx,
			     u64 *ival)
{
	if (idx >= ps->par.entries || !(ps->tag[idx] & PCS_TAG_VALID))
		return false;
	*ival = ps->ival[idx];
	return true;
}

/*
 * Whether @s is the sample the last gpugov_pcstall_observe() looked up
 * against the table as it is now: all a lookup reads of it is equal, so
 * its sigma is @ps->last_sigma.  A decision observes its sample and then
 * predicts from it; comparing the waves costs a tenth of a lookup.
 */
static bool pcs_seen(const struct gpugov_pcstall_state *ps,
		     const struct gpugov_sample *s)
{
	u32 n = pcs_nr_waves(s), i;

	if (!n || n != ps->seen_nr || s->busy_ns != ps->seen_busy_ns ||
	    s->interval_ns != ps->seen_interval_ns ||
	    s->core_khz != ps->seen_core_khz)
		return false;
	for (i = 0; i < n; i++) {
		const struct gpugov_wave *a = &s->waves[i];
		const struct gpugov_wave *b = &ps->seen_waves[i];

		if (a->pc_end != b->pc_end || a->insts != b->insts ||
		    a->stall_cyc != b->stall_cyc ||
		    a->core_cyc != b->core_cyc || a->age_rank != b->age_rank)
			return false;
	}
	return true;
}

static void pcstall_predict(const struct gpugov_pred_state *st,
			    const struct gpugov_sample *s,
			    const struct gpugov_opp_table *t, u64 *time_ps)
{
	struct gpugov_pcstall_pred pr;
	u64 sigma;
	u32 i;

	if (pcs_seen(&st->pcstall, s)) {
		sigma = st->pcstall.last_sigma;
	} else {
		gpugov_pcstall_lookup(&st->pcstall, s, &pr);
		sigma = pr.sigma;
	}
	for (i = 0; i < t->nr; i++)
		time_ps[i] = gpugov_pcstall_time_ps(s, sigma, &t->opp[i]);
}

const struct gpugov_predictor gpugov_pred_pcstall = {
	.name = "pcstall",
	.caps = GPUGOV_CAP_WAVES | GPUGOV_CAP_INSTS,
	.predict = pcstall_predict,
};
