// SPDX-License-Identifier: GPL-2.0
/*
 * rtsum_agg.c - one policy of the real-time bench summed over its cells
 * against the cells' baselines (struct rts_agg), for `gpugov-replay
 * realtime-summary`: the sums the ratios of DESIGN.md §7a are made of
 * (XS, E/od, the oracle share: ratios of sums, never means of per-cell
 * ratios, which the cells where the oracle saves almost nothing
 * dominate), switches and decisions a second against simple_ondemand's,
 * and the firmware's choice where a profile has one.
 */
#include <math.h>
#include <string.h>
#include "rtsum.h"

/*
 * Whether a sweep setting of @v's cell Pareto-dominates @v there: no
 * more janked frames and no more energy, and fewer of one.  -1 if the
 * cell has no sweep.
 */
static int dominated(const struct rts *r, const struct rts_row *v)
{
	const struct rts_cell *c = &r->cell[v->cell];
	bool any = false;
	size_t i;

	for (i = c->first; i < c->first + c->nr; i++) {
		const struct rts_row *s = &r->row[r->order[i]];

		if (!r->pol[s->pol].sweep)
			continue;
		any = true;
		if (s->j <= v->j && s->e <= v->e && (s->j < v->j || s->e < v->e))
			return 1;
	}
	return any ? 0 : -1;
}

/* Row @v (of cell @c) into @a, against the cell's baselines. */
static void add_row(const struct rts *r, const struct rts_row *v, struct rts_agg *a)
{
	const struct rts_cell *c = &r->cell[v->cell];
	const struct rts_row *o = c->od >= 0 ? &r->row[c->od] : NULL;
	const struct rts_row *or = c->oracle >= 0 ? &r->row[c->oracle] : NULL;
	const struct rts_row *f = c->fw >= 0 ? &r->row[c->fw] : NULL;
	int d;

	a->n++;
	a->j += v->j;
	a->e += v->e;
	a->worst = fmax(a->worst, v->worst);
	a->sw += v->sw;
	a->secs += v->secs;
	a->dec += v->dps * v->secs;
	if (o) {
		a->e_on += v->e;
		a->e_od += o->e;
		a->sw_od += o->sw;
		a->secs_od += o->secs;
		a->dec_od += o->dps * o->secs;
	}
	if (o && or) {
		a->xs += v->j - or->j;
		a->xs_od += o->j - or->j;
	}
	if (or) {
		a->sav += 1 - v->e;
		a->sav_or += 1 - or->e;
	}
	d = r->pol[v->pol].sweep ? -1 : dominated(r, v);
	if (d >= 0) {
		a->n_pareto++;
		a->pareto += !d;
	}
	if (c->steady && o) {
		/* switches a second over the target's bound (seconds >= 1 frame / 2^32 Hz) */
		double x = v->sw / v->secs, y = o->sw / o->secs;
		double over = x - (RTS_STEADY_FACTOR * y + RTS_STEADY_SLACK);
		double worst = a->steady_worst - (RTS_STEADY_FACTOR * a->steady_od +
						  RTS_STEADY_SLACK);

		a->steady_miss += over > 0;
		if (!a->n_steady++ || over > worst) {
			a->steady_worst = x;
			a->steady_od = y;
			a->steady_cell = v->cell;
		}
	}
	if (f && f != v && f->e > 0) {
		a->n_fw++;
		a->fw_el += v->e < f->e;
		a->fw_jl += v->j <= f->j;
		a->fw_both += v->e < f->e && v->j <= f->j;
		a->fw_j += v->j;
		a->fw_jf += f->j;
		a->fw_er += v->e / f->e;
	}
}

/**
 * rts_aggregate() - policy @pol over its cells
 * @r: the bench
 * @pol: the policy
 * @all: the sums over every cell
 * @by_prof: NULL, or the sums per profile (r->prof.nr of them)
 *
 * Linear in the policy's rows (and their cells' rows, for the sweep).
 */
void rts_aggregate(const struct rts *r, size_t pol, struct rts_agg *all,
		   struct rts_agg *by_prof)
{
	const struct rts_pol *p = &r->pol[pol];
	size_t i;

	memset(all, 0, sizeof(*all));
	if (by_prof)
		memset(by_prof, 0, r->prof.nr * sizeof(*by_prof));
	for (i = p->first; i < p->first + p->nr; i++) {
		const struct rts_row *v = &r->row[r->pol_order[i]];

		add_row(r, v, all);
		if (by_prof)
			add_row(r, v, &by_prof[r->cell[v->cell].profile]);
	}
}
