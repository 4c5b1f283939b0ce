/* SPDX-License-Identifier: GPL-2.0 */
/*
 * libref.h - the OPP sequence the predictors/ library, built for
 * userspace and linked into the guest test, computes from a sim blob: what
 * the kernel's gpugov must log for the same blob and tunables.
 */
#ifndef GPUGOV_LIBREF_H
#define GPUGOV_LIBREF_H

#include "simrun.h"
#include "gpugov_policy.h"
#include "gpugov_predict.h"
#include "blobread.h"

/*
 * A fresh start of the library for a run under @c: models, policy state,
 * and @c's tunables in @p.  Return: the model's id.
 */
static inline int ref_init(const struct config *c, struct gpugov_pred_state *st,
			   struct gpugov_policy_state *ps,
			   struct gpugov_policy_params *p)
{
	gpugov_pred_init(st);
	gpugov_policy_state_init(ps);
	gpugov_policy_defaults(p);
	p->objective = gpugov_objective_find(c->objective, strlen(c->objective));
	p->max_slowdown_pct = c->max_slowdown;
	p->hysteresis_pct = c->hysteresis;
	if (c->target) {
		p->grape.mode = strchr(c->target, '%') ? GPUGOV_GRAPE_PCT : GPUGOV_GRAPE_ABS;
		p->grape.target = strtoull(c->target, NULL, 10);
	}
	return gpugov_predictor_find(c->predictor, strlen(c->predictor));
}

/*
 * OPP of every segment, starting at @first, from the samples gpugov_sim's
 * counter source hands gpugov, or (@stock) from what a device without one
 * gives: busy and interval time and the clock, nothing else.
 */
static inline void reference(const struct blob *b, const struct config *c,
			     bool stock, u32 first, unsigned char *out)
{
	static struct gpugov_sample s;
	static struct gpugov_decision d;
	static struct gpugov_policy_state ps;
	struct gpugov_pred_state st;
	struct gpugov_policy_params p;
	int pid = ref_init(c, &st, &ps, &p);
	u32 seg, opp = first;

	for (seg = 0; seg < b->nr_segs; seg++) {
		out[seg] = opp;
		sample_of(b, seg, opp, &s);
		if (stock) {
			s.caps = 0;
			s.mem_khz = 0;
		}
		gpugov_pred_observe(&st, &s);
		gpugov_decision_predict(&st, pid, &s, &b->table, &d);
		gpugov_decide(&p, &ps, &b->table, &s, &d);
		opp = d.chosen;
	}
}

/*
 * The kernel's sequence for @blobpath under @c equals reference()'s; the
 * device has a counter source unless @stock.
 */
static inline void compare(bool stock, const char *blobpath,
			   const struct config *c)
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
	reference(&b, c, stock, kern[0], ref);
	for (i = 0; i < b.nr_segs && kern[i] == ref[i]; i++)
		;
	for (changes = 0, i = 1; i < b.nr_segs; i++)
		changes += kern[i] != kern[i - 1];
	vt_ok(i == b.nr_segs,
	      "%s%s %s/%s slowdown %u hysteresis %u: kernel = library over %u segments (%u OPP changes)%s",
	      stock ? "stock " : "", blobpath, c->predictor, c->objective, c->max_slowdown,
	      c->hysteresis, b.nr_segs, changes,
	      i == b.nr_segs ? "" : ", first difference below");
	if (i < b.nr_segs)
		vt_diag("segment %u: kernel OPP %u, library OPP %u", i, kern[i],
			ref[i]);
}

#endif /* GPUGOV_LIBREF_H */
