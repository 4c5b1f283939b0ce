/* SPDX-License-Identifier: GPL-2.0 */
/*
 * gpugov_pcstall.h - PCSTALL: PC-indexed, per-wavefront prediction of the
 * next epoch's frequency sensitivity (PCSTALL section 4.4).
 *
 * Per wave w of an epoch of E busy cycles at f1 (PCSTALL section 4.4,
 * "Estimation Model", the STALL model at wave level):
 *	u_w = I_w * (C_w - St_w) / C_w		instructions that scale with f
 *	i0_w = I_w - u_w			instructions that do not
 *	S_w = IPC_w * T_core,w = u_w / f1	sensitivity, dI/df (section 3.2)
 * with I_w committed instructions, C_w resident cycles, St_w memory-stall
 * cycles.  The waves are those resident at the end of the epoch.  An entry
 * describes an epoch that starts at a PC as two rates over the wave's
 * resident time (Q48 instructions): s_w = u_w / C_w per cycle (an "IPC
 * that scales") and z_w = i0_w / (C_w / f1) per ns (the intercept I0 per
 * unit of time), both normalised to the scheduling priority of the oldest
 * wave (see gpugov_pcstall_params), indexed by the PC at which the wave
 * started the epoch.  For the next epoch each wave looks its next PC up
 * ("Lookup Mechanism"): a hit predicts u'_w = s * E and i0'_w = z * E_ns
 * (scaled to the reader's age), a miss falls back to its own last u_w, i0_w;
 * the domain's sensitivity is the sum (section 4.2).  The waves' work at
 * f in the next epoch (section 3.2):
 *	I(f) = I0 + S * f,  I0 = sum i0'_w,  S * f1 = U = sum u'_w
 * of which the fraction sigma = U / (I0 + U), in [0, 1], scales with f.
 * The busy time of the sample's work at f, for a fixed-time epoch:
 *	T(f) = E * I(f1) / I(f) = E * f1 / ((1 - sigma) * f1 + sigma * f)
 * and the domain's work, from its measured work W (the waves are a sample
 * of the domain's, resident at the boundary: they do not give its level):
 *	W(f) = W * ((1 - sigma) + sigma * f / f1).
 * See docs/pcstall.md.
 */
#ifndef GPUGOV_PCSTALL_H
#define GPUGOV_PCSTALL_H

#include "gpugov_sample.h"

#define GPUGOV_PCSTALL_MAX_ENTRIES	1024
#define GPUGOV_PCSTALL_DEF_ENTRIES	128
#define GPUGOV_PCSTALL_DEF_SHIFT	4
#define GPUGOV_PCSTALL_MAX_SHIFT	32
#define GPUGOV_PCSTALL_DEF_AGE_HALF	8
#define GPUGOV_PCSTALL_MAX_AGE_HALF	1024
/* Sensitivity per epoch cycle s_w is Q48 instructions per cycle. */
#define GPUGOV_PCSTALL_S_SHIFT		48
/* Predicted instruction counts U and I0 are Q16. */
#define GPUGOV_PCSTALL_WORK_SHIFT	16
/* Elasticity sigma is Q30. */
#define GPUGOV_PCSTALL_SIGMA_SHIFT	30
#define GPUGOV_PCSTALL_SIGMA_ONE	BIT_ULL(GPUGOV_PCSTALL_SIGMA_SHIFT)

/**
 * struct gpugov_pcstall_params - table geometry and age weighting
 * @entries: table entries in use, a power of two in 1..1024 (default 128,
 *	PCSTALL section 4.4: 95%+ hit ratio, 512 instructions covered)
 * @shift: index = (PC >> @shift) mod @entries, 0..32 (default 4: about
 *	four instructions per entry, PCSTALL Figure 11(b)); set 0 where the
 *	counter source gives code-region ids rather than PCs
 * @age_half: scheduling-age weight a(r) = H / (H + r) for a wave of age
 *	rank r (0 = oldest): the issue share a wave keeps against r older
 *	waves, halved at r = H.  Table entries hold s_w / a(r) (normalised to
 *	the oldest wave), lookups multiply by the reader's a(r).  0 disables
 *	the weighting; at most 1024; default 8 (PCSTALL Figure 11(a): about
 *	half of the variation by slot 7)
 */
struct gpugov_pcstall_params {
	u32 entries;
	u32 shift;
	u32 age_half;
};

/**
 * struct gpugov_pcstall_state - PC table, parameters and statistics
 * @par: geometry and age weighting in force
 * @idx_bits: log2(@par.entries)
 * @val: entry values: instructions that scale with f, Q48 per resident
 *	cycle at oldest priority (s above)
 * @ival: instructions that do not scale, Q48 per resident ns at oldest
 *	priority (z above)
 * @tag: bit 31 valid, bits 0..30 the folded upper PC bits of the line
 * @cnt: waves averaged into an entry during an update, 0 otherwise
 * @occupancy: valid entries
 * @hits: lookups that found their line
 * @misses: lookups that fell back to the wave's own last value
 * @updates: entries written
 * @epochs: samples with waves that updated the table
 * @last_sigma: sigma predicted at the last observed sample, Q30
 * @last_u: predicted scaling instructions U at the last observed sample, Q16
 * @last_i0: predicted non-scaling instructions I0 at the last observed
 *	sample, Q16
 * @seen_busy_ns: busy time of the last observed sample with waves, whose
 *	lookup against the table as it is now gave @last_sigma
 * @seen_interval_ns: its interval
 * @seen_core_khz: its core clock
 * @seen_nr: its waves, 0 if there is no such sample (the table changed
 *	since, or none was observed)
 * @seen_waves: its per-wave records, all a lookup reads of the sample
 *	with the three above
 *
 * Fixed size, no allocation: embed it (struct gpugov_pred_state does).
 */
struct gpugov_pcstall_state {
	struct gpugov_pcstall_params par;
	u32 idx_bits;
	u64 val[GPUGOV_PCSTALL_MAX_ENTRIES];
	u64 ival[GPUGOV_PCSTALL_MAX_ENTRIES];
	u32 tag[GPUGOV_PCSTALL_MAX_ENTRIES];
	u8 cnt[GPUGOV_PCSTALL_MAX_ENTRIES];
	u32 occupancy;
	u64 hits;
	u64 misses;
	u64 updates;
	u64 epochs;
	u64 last_sigma;
	u64 last_u;
	u64 last_i0;
	u64 seen_busy_ns;
	u64 seen_interval_ns;
	u32 seen_core_khz;
	u32 seen_nr;
	struct gpugov_wave seen_waves[GPUGOV_MAX_WAVES];
};

/**
 * struct gpugov_pcstall_stats - what debugfs shows of the table
 * @entries: entries in use
 * @shift: PC shift in use
 * @age_half: age weighting in use
 * @occupancy: valid entries
 * @hits: lookups that hit
 * @misses: lookups that missed
 * @hit_permille: hits per 1000 lookups (0 before the first lookup)
 * @updates: entries written
 * @epochs: samples that updated the table
 * @last_sigma_q30: fraction of the next epoch's work that scales with f
 */
struct gpugov_pcstall_stats {
	u32 entries;
	u32 shift;
	u32 age_half;
	u32 occupancy;
	u64 hits;
	u64 misses;
	u32 hit_permille;
	u64 updates;
	u64 epochs;
	u64 last_sigma_q30;
};

/**
 * struct gpugov_pcstall_pred - the model's view of the next epoch
 * @sigma: elasticity U / (I0 + U), Q30 (GPUGOV_PCSTALL_SIGMA_ONE = 1.0)
 * @u: predicted instructions that scale with f, at f1, over the waves, Q16
 * @i0: predicted instructions that do not scale, over the waves, Q16
 * @wave_insts: instructions the waves committed in the sample
 * @hits: waves whose next PC hit the table
 * @misses: waves that fell back to their own last value
 */
struct gpugov_pcstall_pred {
	u64 sigma;
	u64 u;
	u64 i0;
	u64 wave_insts;
	u32 hits;
	u32 misses;
};

void gpugov_pcstall_init(struct gpugov_pcstall_state *ps);
int gpugov_pcstall_set_params(struct gpugov_pcstall_state *ps,
			      const struct gpugov_pcstall_params *par);
void gpugov_pcstall_reset(struct gpugov_pcstall_state *ps);
void gpugov_pcstall_observe(struct gpugov_pcstall_state *ps,
			    const struct gpugov_sample *s);
void gpugov_pcstall_lookup(const struct gpugov_pcstall_state *ps,
			   const struct gpugov_sample *s,
			   struct gpugov_pcstall_pred *out);
u64 gpugov_pcstall_time_ps(const struct gpugov_sample *s, u64 sigma,
			   const struct gpugov_opp *to);
u64 gpugov_pcstall_work(const struct gpugov_sample *s,
			const struct gpugov_pcstall_pred *pr, u32 to_khz);
void gpugov_pcstall_get_stats(const struct gpugov_pcstall_state *ps,
			      struct gpugov_pcstall_stats *st);
bool gpugov_pcstall_entry(const struct gpugov_pcstall_state *ps, u32 idx,
			  u32 *tag, u64 *val);
bool gpugov_pcstall_entry_i0(const struct gpugov_pcstall_state *ps, u32 idx,
			     u64 *ival);

#endif /* GPUGOV_PCSTALL_H */
