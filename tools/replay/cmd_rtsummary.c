// SPDX-License-Identifier: GPL-2.0
/*
 * cmd_rtsummary.c - `gpugov-replay realtime-summary`: the headline of the
 * real-time bench (scripts/bench-realtime.sh) from its CSV, against
 * issue 26's targets.
 *
 * A cell is (view, profile, hz, load, workload); its rows are what
 * `realtime --csv` printed for it, one per policy.  The view's group is
 * its name up to the first '-' (counters-fermi-15sm: counters).  The
 * driver's own simple_ondemand row (simple_ondemand-UP/DOWN[+boost]) is
 * the baseline of its cell; the upthreshold sweep's rows
 * (simple_ondemand-sweep-UP/DOWN) are the settings a row must not be
 * Pareto-dominated by.  Figures are computed here, not in the script, so
 * that a test checks them.
 */
#include <getopt.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "cmdline.h"
#include "outfile.h"
#include "replay.h"
#include "rows.h"
#include "strmap.h"
#include "strnum.h"
#include "table.h"

#define RTS_HEADER "view,profile,hz,load,workload,policy,energy,janked,frames,worst_ms," \
		   "switches,decisions_per_s"
#define RTS_OD		"simple_ondemand"
#define RTS_SWEEP	"simple_ondemand-sweep-"
#define RTS_FW		"firmware-auto"
/* cells whose oracle saves less than this are left out of %oracle */
#define RTS_MIN_SAVING	0.005
/* the targets: issue 26 */
#define RTS_TARGET_PCT		95.0
#define RTS_TARGET_ORACLE	80.0
#define RTS_TARGET_HINT_JANK	0.25

/**
 * struct rts_val - one policy in one cell
 * @e: energy relative to performance
 * @j: janked frames
 * @worst: worst frame latency, ms
 * @sw: switches
 * @dps: decisions a second
 * @set: the row exists
 */
struct rts_val {
	double e, j, worst, sw, dps;
	bool set;
};

/**
 * struct rts_pol - a policy of a group (a row of the summary)
 * @group: the view's group
 * @name: the policy, the driver's simple_ondemand as RTS_OD, a sweep
 *	setting without its downdifferential
 * @od: the driver's simple_ondemand
 * @sweep: a setting of the upthreshold sweep
 */
struct rts_pol {
	char *group, *name;
	bool od, sweep;
};

/**
 * struct rts_cell - a cell
 * @group: its view's group
 * @profile: its profile
 * @view: its view, the heat map's row with the workload
 * @workload: its workload
 */
struct rts_cell {
	char *group, *profile, *view, *workload;
};

struct rts {
	struct strmap cell_ix, pol_ix;
	struct rts_cell *cell;
	struct rts_pol *pol;
	struct strmap prof_ix;
	char **keys, **prof;
	size_t nr_cell, nr_pol, nr_keys, cap_cell, cap_pol, cap_keys, nr_prof, cap_prof;
	/* val[cell * cap_pol + pol], regrown with the policies */
	struct rts_val *val;
};

/* @p, or the end of the run if an allocation or insertion failed (@bad) */
static void *must(void *p, bool bad)
{
	if (!p || bad) {
		fprintf(stderr, "gpugov-replay realtime-summary: out of memory\n");
		exit(EXIT_FAILURE_RUN);
	}
	return p;
}

static void *grow(void *p, size_t *cap, size_t need, size_t size)
{
	size_t n = *cap ? *cap : 16;
	void *q;

	if (need <= *cap)
		return p;
	while (n < need)
		n *= 2;
	q = must(realloc(p, n * size), false);
	*cap = n;
	return q;
}

/* A copy of @s kept until the end (a map's key, a name). */
static char *keep(struct rts *r, const char *s)
{
	char *k = must(strdup(s), false);

	r->keys = grow(r->keys, &r->cap_keys, r->nr_keys + 1, sizeof(*r->keys));
	r->keys[r->nr_keys++] = k;
	return k;
}

/* @policy as a row of the summary in @name (see struct rts_pol). */
static void pol_name(const char *policy, char *name, size_t size, bool *od, bool *sweep)
{
	size_t n = strlen(RTS_SWEEP);

	*sweep = !strncmp(policy, RTS_SWEEP, n);
	*od = !*sweep && !strncmp(policy, RTS_OD "-", strlen(RTS_OD) + 1);
	if (*od)
		snprintf(name, size, RTS_OD);
	else if (*sweep)
		snprintf(name, size, "%.*s", (int)(n + strcspn(policy + n, "/")), policy);
	else
		snprintf(name, size, "%s", policy);
}

/* The index of policy @policy of @group, added if new. */
static size_t pol_index(struct rts *r, const char *group, const char *policy)
{
	char name[TABLE_CELL], key[2 * TABLE_CELL + 2];
	size_t i, c, old = r->cap_pol;
	bool od, sweep;

	pol_name(policy, name, sizeof(name), &od, &sweep);
	snprintf(key, sizeof(key), "%s,%s", group, name);
	if (strmap_get(&r->pol_ix, key, &i))
		return i;
	r->pol = grow(r->pol, &r->cap_pol, r->nr_pol + 1, sizeof(*r->pol));
	if (r->cap_pol != old) {
		/* re-lay the values for the wider rows */
		struct rts_val *v = must(calloc(r->cap_cell * r->cap_pol + 1, sizeof(*v)), false);

		for (c = 0; c < r->nr_cell; c++)
			memcpy(v + c * r->cap_pol, r->val + c * old, old * sizeof(*v));
		free(r->val);
		r->val = v;
	}
	r->pol[r->nr_pol] = (struct rts_pol){ keep(r, group), keep(r, name), od, sweep };
	must(r, strmap_put(&r->pol_ix, keep(r, key), r->nr_pol));
	return r->nr_pol++;
}

/* The index of the cell of row @f, added if new. */
static size_t cell_index(struct rts *r, char **f, const char *group)
{
	char key[5 * TABLE_CELL];
	size_t i, old = r->cap_cell;

	snprintf(key, sizeof(key), "%s,%s,%s,%s,%s", f[0], f[1], f[2], f[3], f[4]);
	if (strmap_get(&r->cell_ix, key, &i))
		return i;
	r->cell = grow(r->cell, &r->cap_cell, r->nr_cell + 1, sizeof(*r->cell));
	if (r->cap_cell != old) {
		struct rts_val *v = must(realloc(r->val, (r->cap_cell * r->cap_pol + 1) *
						 sizeof(*v)), false);

		memset(v + old * r->cap_pol, 0,
		       (r->cap_cell - old) * r->cap_pol * sizeof(*v));
		r->val = v;
	}
	r->cell[r->nr_cell] = (struct rts_cell){ keep(r, group), keep(r, f[1]), keep(r, f[0]),
						 keep(r, f[4]) };
	if (!strmap_get(&r->prof_ix, f[1], &i)) {
		r->prof = grow(r->prof, &r->cap_prof, r->nr_prof + 1, sizeof(*r->prof));
		r->prof[r->nr_prof] = r->cell[r->nr_cell].profile;
		must(r, strmap_put(&r->prof_ix, r->prof[r->nr_prof], r->nr_prof));
		r->nr_prof++;
	}
	must(r, strmap_put(&r->cell_ix, keep(r, key), r->nr_cell));
	return r->nr_cell++;
}

static struct rts_val *val(const struct rts *r, size_t cell, size_t pol)
{
	return &r->val[cell * r->cap_pol + pol];
}

static const char *rts_row(char **f, int n, void *ctx)
{
	struct rts *r = ctx;
	char group[TABLE_CELL];
	double e, j, worst, sw, dps;
	size_t c, p;
	int i;

	if (n != 12)
		return "not 12 fields";
	for (i = 0; i < 6; i++)
		if (!f[i][0] || strlen(f[i]) >= TABLE_CELL)
			return "an empty or over-long name";
	if (parse_finite(f[6], &e) || e < 0 || parse_finite(f[7], &j) || j < 0 ||
	    parse_finite(f[9], &worst) || worst < 0 || parse_finite(f[10], &sw) || sw < 0 ||
	    parse_finite(f[11], &dps) || dps < 0)
		return "energy, janked, worst_ms, switches or decisions_per_s is not a "
		       "number >= 0";
	snprintf(group, sizeof(group), "%.*s", (int)strcspn(f[0], "-"), f[0]);
	p = pol_index(r, group, f[5]);
	c = cell_index(r, f, group);
	if (val(r, c, p)->set)
		return "a policy twice in one cell";
	*val(r, c, p) = (struct rts_val){ e, j, worst, sw, dps, true };
	return NULL;
}

/* The driver's simple_ondemand and the no-loss oracle of @group. */
static void baselines(const struct rts *r, const char *group, long *od, long *oracle)
{
	size_t p;

	*od = *oracle = -1;
	for (p = 0; p < r->nr_pol; p++) {
		if (strcmp(r->pol[p].group, group))
			continue;
		if (r->pol[p].od)
			*od = (long)p;
		else if (!strcmp(r->pol[p].name, "oracle-noloss"))
			*oracle = (long)p;
	}
}

/*
 * Whether a sweep setting of cell @c Pareto-dominates policy @p there: no
 * more janked frames and no more energy, and fewer of one.  -1 if the
 * cell has no sweep.
 */
static int dominated(const struct rts *r, size_t c, size_t p)
{
	const struct rts_val *v = val(r, c, p), *s;
	bool any = false;
	size_t q;

	for (q = 0; q < r->nr_pol; q++) {
		s = val(r, c, q);
		if (!r->pol[q].sweep || !s->set || strcmp(r->pol[q].group, r->pol[p].group))
			continue;
		any = true;
		if (s->j <= v->j && s->e <= v->e && (s->j < v->j || s->e < v->e))
			return 1;
	}
	return any ? 0 : -1;
}

/**
 * struct rts_agg - a policy over a set of cells
 * @n: cells
 * @j, @j_od: janked frames, and the driver's simple_ondemand's there
 * @e, @e_od: energy summed over the cells, and simple_ondemand's
 * @worst: the worst latency
 * @sw, @dps: switches, decisions a second, summed
 * @jle, @ele, @both: cells no worse than simple_ondemand on janks, on
 *	energy, on both
 * @pareto, @n_pareto: cells no sweep setting dominates, of those swept
 * @oracle, @n_oracle: the oracle's saving obtained, summed, over cells
 *	where the oracle saves at least RTS_MIN_SAVING
 */
struct rts_agg {
	size_t n, jle, ele, both, pareto, n_pareto, n_oracle;
	double j, j_od, e, e_od, worst, sw, dps, oracle;
};

/* Policy @p over its group's cells (of @profile only, if not NULL). */
static void aggregate(const struct rts *r, size_t p, const char *profile,
		      struct rts_agg *a)
{
	const struct rts_val *v, *o, *or;
	long od, oracle;
	size_t c;
	int d;

	memset(a, 0, sizeof(*a));
	baselines(r, r->pol[p].group, &od, &oracle);
	for (c = 0; c < r->nr_cell; c++) {
		v = val(r, c, p);
		if (!v->set || (profile && strcmp(r->cell[c].profile, profile)))
			continue;
		a->n++;
		a->j += v->j;
		a->e += v->e;
		a->worst = fmax(a->worst, v->worst);
		a->sw += v->sw;
		a->dps += v->dps;
		o = od >= 0 ? val(r, c, (size_t)od) : NULL;
		if (o && o->set) {
			a->j_od += o->j;
			a->e_od += o->e;
			a->jle += v->j <= o->j;
			a->ele += v->e <= o->e;
			a->both += v->j <= o->j && v->e <= o->e;
		}
		d = r->pol[p].sweep ? -1 : dominated(r, c, p);
		if (d >= 0) {
			a->n_pareto++;
			a->pareto += !d;
		}
		or = oracle >= 0 ? val(r, c, (size_t)oracle) : NULL;
		if (or && or->set && 1 - or->e >= RTS_MIN_SAVING) {
			a->n_oracle++;
			a->oracle += 100 * (1 - v->e) / (1 - or->e);
		}
	}
}

/* 100 * @k / @n into @cell, TABLE_NONE if @n is 0. */
static void pct(char *cell, double k, double n)
{
	if (n > 0)
		table_num(cell, "%.1f", 100 * k / n);
	else
		snprintf(cell, TABLE_CELL, TABLE_NONE);
}

static void ratio(char *cell, double a, double b)
{
	if (b > 0)
		table_num(cell, "%.3f", a / b);
	else
		snprintf(cell, TABLE_CELL, TABLE_NONE);
}

static void summary_row(struct table *t, const struct rts *r, size_t p)
{
	char c[15][TABLE_CELL];
	struct rts_agg a;

	aggregate(r, p, NULL, &a);
	snprintf(c[0], TABLE_CELL, "%zu", a.n);
	table_num(c[1], "%.0f", a.j);
	ratio(c[2], a.j, a.j_od);
	table_num(c[3], "%.4f", a.e / a.n);
	ratio(c[4], a.e, a.e_od);
	table_num(c[5], "%.3f", a.worst);
	table_num(c[6], "%.1f", a.sw / a.n);
	table_num(c[7], "%.1f", a.dps / a.n);
	pct(c[8], a.jle, a.j_od > 0 || a.e_od > 0 ? a.n : 0);
	pct(c[9], a.ele, a.j_od > 0 || a.e_od > 0 ? a.n : 0);
	pct(c[10], a.both, a.j_od > 0 || a.e_od > 0 ? a.n : 0);
	pct(c[11], a.pareto, a.n_pareto);
	if (a.n_oracle)
		table_num(c[12], "%.1f", a.oracle / a.n_oracle);
	else
		snprintf(c[12], TABLE_CELL, TABLE_NONE);
	table_add(t, r->pol[p].group, r->pol[p].name, c[0], c[1], c[2], c[3], c[4], c[5],
		  c[6], c[7], c[8], c[9], c[10], c[11], c[12]);
}

/* Whether @name is a model the counter target names (crisp, coremem, pcstall). */
static bool counter_model(const char *name)
{
	static const char *const models[] = { "gpugov-crisp-", "gpugov-coremem-",
					      "gpugov-pcstall-" };
	size_t i;

	for (i = 0; i < ARRAY_SIZE(models); i++)
		if (!strncmp(name, models[i], strlen(models[i])))
			return true;
	return false;
}

/*
 * A gpugov row against the targets: no worse than simple_ondemand and
 * undominated by the sweep in >= 95 % of the cells of every profile;
 * with counters, >= 80 % of the oracle's saving; told the deadlines (the
 * hint or fences), janks <= a quarter of simple_ondemand's at no more
 * energy.
 */
static void target_row(struct table *t, const struct rts *r, size_t p)
{
	char both[TABLE_CELL], par[TABLE_CELL], orc[TABLE_CELL], jod[TABLE_CELL];
	char eod[TABLE_CELL], verdict[TABLE_CELL] = "";
	double min_both = 101, min_par = 101;
	const char *wb = TABLE_NONE, *wp = TABLE_NONE;
	struct rts_agg a, pa;
	size_t c;

	aggregate(r, p, NULL, &a);
	for (c = 0; c < r->nr_prof; c++) {
		const char *prof = r->prof[c];

		aggregate(r, p, prof, &pa);
		if (pa.n && 100.0 * pa.both / pa.n < min_both) {
			min_both = 100.0 * pa.both / pa.n;
			wb = prof;
		}
		if (pa.n_pareto && 100.0 * pa.pareto / pa.n_pareto < min_par) {
			min_par = 100.0 * pa.pareto / pa.n_pareto;
			wp = prof;
		}
	}
	snprintf(both, sizeof(both), "%.1f %s", min_both > 100 ? 0 : min_both, wb);
	if (min_par <= 100)
		snprintf(par, sizeof(par), "%.1f %s", min_par, wp);
	else
		snprintf(par, sizeof(par), TABLE_NONE);
	if (min_both < RTS_TARGET_PCT)
		strcat(verdict, "both ");
	if (min_par <= 100 && min_par < RTS_TARGET_PCT)
		strcat(verdict, "pareto ");
	if (a.n_oracle)
		table_num(orc, "%.1f", a.oracle / a.n_oracle);
	else
		snprintf(orc, sizeof(orc), TABLE_NONE);
	if (!strcmp(r->pol[p].group, "counters") && counter_model(r->pol[p].name) &&
	    (!a.n_oracle || a.oracle / a.n_oracle < RTS_TARGET_ORACLE))
		strcat(verdict, "oracle ");
	ratio(jod, a.j, a.j_od);
	ratio(eod, a.e, a.e_od);
	if ((strstr(r->pol[p].name, "+hint") || strstr(r->pol[p].name, "+fence")) &&
	    (a.j > RTS_TARGET_HINT_JANK * a.j_od || a.e > a.e_od))
		strcat(verdict, "hint ");
	if (verdict[0])
		verdict[strlen(verdict) - 1] = '\0';
	table_add(t, r->pol[p].group, r->pol[p].name, both, par, orc, jod, eod,
		  verdict[0] ? verdict : "met");
}

/* The firmware's own choice (firmware-auto) of @group, -1 if none. */
static long firmware(const struct rts *r, const char *group)
{
	size_t p;

	for (p = 0; p < r->nr_pol; p++)
		if (!strcmp(r->pol[p].group, group) && !strcmp(r->pol[p].name, RTS_FW))
			return (long)p;
	return -1;
}

/*
 * Policy @p against the firmware's own choice, over the cells that have
 * one (a firmware-governed profile, amdgpu): the share of cells with less
 * energy (E<fw), with no more janked frames (J<=fw) and with both, which
 * issue 27 aims at >= 90 % of; janked frames and the firmware's; the mean
 * ratio of energies.  Nothing when @p's group has no firmware row.
 */
static void firmware_row(struct table *t, const struct rts *r, size_t p)
{
	char c[7][TABLE_CELL];
	double j = 0, jf = 0, er = 0;
	size_t i, n = 0, el = 0, jl = 0, both = 0;
	long fw = firmware(r, r->pol[p].group);

	if (fw < 0 || (long)p == fw || r->pol[p].sweep)
		return;
	for (i = 0; i < r->nr_cell; i++) {
		const struct rts_val *v = val(r, i, p), *f = val(r, i, (size_t)fw);

		if (!v->set || !f->set || f->e <= 0)
			continue;
		n++;
		el += v->e < f->e;
		jl += v->j <= f->j;
		both += v->e < f->e && v->j <= f->j;
		j += v->j;
		jf += f->j;
		er += v->e / f->e;
	}
	if (!n)
		return;
	snprintf(c[0], TABLE_CELL, "%zu", n);
	pct(c[1], el, n);
	pct(c[2], jl, n);
	pct(c[3], both, n);
	table_num(c[4], "%.0f", j);
	table_num(c[5], "%.0f", jf);
	table_num(c[6], "%.4f", er / n);
	table_add(t, r->pol[p].group, r->pol[p].name, c[0], c[1], c[2], c[3], c[4], c[5], c[6]);
}

/*
 * The heat map's data: per view and workload (over profiles, rates and
 * loads) and policy (the driver's simple_ondemand, gpugov's rows, the
 * oracle): energy relative to simple_ondemand (the mean over the cells of
 * the ratio), janked frames and simple_ondemand's.
 */
static int write_heat(const struct rts *r, const char *path)
{
	char err[256], key[3 * TABLE_CELL];
	struct strmap rows = { 0 };
	struct outfile of;
	size_t c, p, i, k, nr = 0;
	long od, oracle;
	char **row = calloc(r->nr_cell + 1, sizeof(*row));

	if (!row || outfile_open(&of, path, err, sizeof(err))) {
		fprintf(stderr, "gpugov-replay realtime-summary: %s\n",
			row ? err : "out of memory");
		free(row);
		return EXIT_FAILURE_RUN;
	}
	for (c = 0; c < r->nr_cell; c++) {
		snprintf(key, sizeof(key), "%s/%s", r->cell[c].view, r->cell[c].workload);
		if (!strmap_get(&rows, key, &i)) {
			row[nr] = must(strdup(key), false);
			must(row, strmap_put(&rows, row[nr], nr));
			nr++;
		}
	}
	fprintf(of.f, "row,policy,energy_od,janked,janked_od\n");
	for (i = 0; i < nr; i++) {
		for (p = 0; p < r->nr_pol; p++) {
			double e = 0, j = 0, jo = 0;

			if (r->pol[p].sweep || !strcmp(r->pol[p].name, "performance"))
				continue;
			baselines(r, r->pol[p].group, &od, &oracle);
			for (c = 0, k = 0; c < r->nr_cell && od >= 0; c++) {
				const struct rts_val *v = val(r, c, p), *o = val(r, c, (size_t)od);

				snprintf(key, sizeof(key), "%s/%s", r->cell[c].view,
					 r->cell[c].workload);
				if (!v->set || !o->set || strcmp(key, row[i]) || o->e <= 0)
					continue;
				k++;
				e += v->e / o->e;
				j += v->j;
				jo += o->j;
			}
			if (k)
				fprintf(of.f, "%s,%s,%.4f,%.0f,%.0f\n", row[i], r->pol[p].name,
					e / k, j, jo);
		}
	}
	for (i = 0; i < nr; i++)
		free(row[i]);
	free(row);
	strmap_free(&rows);
	if (outfile_close(&of, err, sizeof(err)) || outfile_commit(&of, err, sizeof(err))) {
		fprintf(stderr, "gpugov-replay realtime-summary: %s\n", err);
		outfile_abort(&of);
		return EXIT_FAILURE_RUN;
	}
	outfile_abort(&of);
	return EXIT_OK;
}

static void print_help(void)
{
	printf("usage: gpugov-replay realtime-summary [--csv|--json] [--heat FILE.csv] BENCH.csv\n"
	       "The real-time bench's summary (scripts/bench-realtime.sh) from its CSV\n"
	       "(" RTS_HEADER "):\n"
	       "per view group (the view up to its first '-') and policy: cells, janked\n"
	       "frames and their ratio to the driver's simple_ondemand's (J/od), mean\n"
	       "energy relative to performance and the ratio of summed energies (E/od),\n"
	       "the worst latency, switches per cell, decisions per second; the share of\n"
	       "cells with no more janked frames (J<=od), no more energy (E<=od) and\n"
	       "both than simple_ondemand at the driver's settings; pareto: the share of\n"
	       "cells where no setting of the upthreshold sweep has no more of both and\n"
	       "less of one; %%oracle: the mean share of the no-loss oracle's saving,\n"
	       "over the cells where it saves at least 0.5 %%.\n"
	       "Then every gpugov row against issue 26's targets: both and pareto at\n"
	       "least 95 %% on every profile (the worst profile shown); with counters,\n"
	       "crisp, coremem and pcstall at least 80 %% of the oracle's saving; with\n"
	       "the deadlines (+hint, +fence), janked frames at most 1/4 of\n"
	       "simple_ondemand's, energy no more.\n"
	       "Then, where a profile has the firmware's own choice (firmware-auto, amdgpu),\n"
	       "every policy against it: the share of cells with less energy (E<fw), no\n"
	       "more janked frames (J<=fw) and both, janked frames and the firmware's,\n"
	       "the mean ratio of energies.\n"
	       "--heat FILE.csv: per view/workload and policy, energy relative to\n"
	       "simple_ondemand (mean ratio), janked frames and simple_ondemand's.\n"
	       "Exit status: 0 success, 1 unreadable file, 2 bad usage or row.\n");
}

int cmd_rtsummary(int argc, char **argv)
{
	static const char *const cols[] = { "view", "policy", "cells", "janked", "J/od",
					    "energy", "E/od", "worst_ms", "sw/cell", "dec/s",
					    "J<=od", "E<=od", "both", "pareto", "%oracle" };
	static const char *const tcols[] = { "view", "policy", "both_min", "pareto_min",
					     "%oracle", "J/od", "E/od", "missed" };
	static const char *const fcols[] = { "view", "policy", "cells", "E<fw", "J<=fw",
					     "both", "janked", "janked_fw", "E/fw" };
	static const struct option opts[] = {
		{ "heat", required_argument, NULL, 'H' },
		FORMAT_LONG_OPTS,
		{ NULL, 0, NULL, 0 },
	};
	enum table_format fmt = TABLE_TEXT;
	const char *heat = NULL;
	struct table tab, tt, tf;
	struct rts r = { 0 };
	size_t p, i;
	int c, ret;

	optind = 1;
	while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
		switch (c) {
		case 'H':
			heat = optarg;
			break;
		case 'c':
			fmt = TABLE_CSV;
			break;
		case 'j':
			fmt = TABLE_JSON;
			break;
		case 'h':
			print_help();
			return EXIT_OK;
		default:
			return EXIT_USAGE;
		}
	}
	if (argc - optind != 1) {
		fprintf(stderr, "gpugov-replay realtime-summary: need one BENCH.csv (see --help)\n");
		return EXIT_USAGE;
	}
	ret = read_rows(argv[optind], RTS_HEADER, rts_row, &r);
	if (!ret && !r.nr_cell) {
		fprintf(stderr, "gpugov-replay realtime-summary: %s: no rows\n", argv[optind]);
		ret = EXIT_USAGE;
	}
	if (!ret && heat)
		ret = write_heat(&r, heat);
	if (!ret) {
		table_init(&tab, "real time: per view and policy, against simple_ondemand at the "
			   "driver's settings", fmt, cols, ARRAY_SIZE(cols));
		table_init(&tt, "issue 26 targets: gpugov rows (both, pareto >= 95 % on every "
			   "profile; counters >= 80 % of the oracle; hint, fence J/od <= 0.25, E/od <= 1)",
			   fmt, tcols, ARRAY_SIZE(tcols));
		table_init(&tf, "against the firmware's own choice (" RTS_FW "), where a profile "
			   "has one (issue 27: less energy, no more janks in >= 90 % of cells)",
			   fmt, fcols, ARRAY_SIZE(fcols));
		for (p = 0; p < r.nr_pol; p++) {
			summary_row(&tab, &r, p);
			if (!strncmp(r.pol[p].name, "gpugov-", 7))
				target_row(&tt, &r, p);
			firmware_row(&tf, &r, p);
		}
		table_json_begin(stdout, fmt);
		table_print(&tab, stdout);
		if (fmt == TABLE_TEXT)
			putchar('\n');
		table_print(&tt, stdout);
		if (tf.nrows) {
			if (fmt == TABLE_TEXT)
				putchar('\n');
			table_print(&tf, stdout);
		}
		table_json_end(stdout, fmt);
		table_free(&tab);
		table_free(&tt);
		table_free(&tf);
	}
	for (i = 0; i < r.nr_keys; i++)
		free(r.keys[i]);
	free(r.keys);
	free(r.cell);
	free(r.pol);
	free(r.val);
	free(r.prof);
	strmap_free(&r.prof_ix);
	strmap_free(&r.cell_ix);
	strmap_free(&r.pol_ix);
	return ret;
}
