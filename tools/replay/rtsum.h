/* SPDX-License-Identifier: GPL-2.0 */
/*
 * rtsum.h - the real-time bench's CSV as `gpugov-replay realtime-summary`
 * reads it (rtsum_read.c) and sums it (rtsum_agg.c).  Everything is kept
 * per row, per cell and per policy, never per cell and policy, so that
 * memory and time grow with the rows alone.
 */
#ifndef GPUGOV_RTSUM_H
#define GPUGOV_RTSUM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include "strmap.h"
#include "table.h"

#define RTS_HEADER "view,profile,hz,load,workload,policy,energy,janked,frames,worst_ms," \
		   "switches,decisions_per_s"
#define RTS_OD		"simple_ondemand"
#define RTS_SWEEP	"simple_ondemand-sweep-"
#define RTS_ORACLE	"oracle-noloss"
#define RTS_FW		"firmware-auto"
/* a workload of steady frames (scripts/bench-games.sh): its switches are held to a target */
#define RTS_STEADY	"steady-"

/**
 * struct rts_row - one policy in one cell
 * @cell, @pol: its cell and policy
 * @e: energy relative to performance
 * @j: janked frames
 * @worst: worst frame latency, ms
 * @sw: switches
 * @secs: the run's length, frames / hz
 * @dps: decisions a second
 */
struct rts_row {
	size_t cell, pol;
	double e, j, worst, sw, secs, dps;
};

/**
 * struct rts_pol - a policy of a group (a row of the summary)
 * @group: the view's group, an index of rts::group
 * @name: the policy, the driver's simple_ondemand as RTS_OD, a sweep
 *	setting without its downdifferential
 * @od: the driver's simple_ondemand
 * @sweep: a setting of the upthreshold sweep
 * @first, @nr: its rows, rts::pol_order[first .. first + nr - 1]
 */
struct rts_pol {
	size_t group;
	const char *name;
	bool od, sweep;
	size_t first, nr;
};

/**
 * struct rts_cell - a cell: (view, profile, hz, load, workload)
 * @group: its view's group, an index of rts::group
 * @profile: its profile, an index of rts::prof
 * @view, @workload: its view and workload (the heat map's row)
 * @hz, @load: its rate and load
 * @steady: its workload is of steady frames (RTS_STEADY)
 * @first, @nr: its rows, rts::order[first .. first + nr - 1]
 * @od, @oracle, @fw: the rows of the driver's simple_ondemand, the
 *	no-loss oracle and the firmware's choice, -1 if none
 */
struct rts_cell {
	size_t group, profile;
	const char *view, *workload;
	unsigned int hz, load;
	bool steady;
	size_t first, nr;
	long od, oracle, fw;
};

/**
 * struct rts_names - names in order of appearance, each once
 * @ix: name -> index
 * @name: index -> name
 */
struct rts_names {
	struct strmap ix;
	const char **name;
	size_t nr, cap;
};

struct rts {
	struct rts_row *row;
	struct rts_cell *cell;
	struct rts_pol *pol;
	struct rts_names group, prof;
	struct strmap cell_ix, pol_ix, pair_ix;
	size_t nr_row, nr_cell, nr_pol, cap_row, cap_cell, cap_pol;
	/* row indices grouped by cell (rts_cell::first), by policy (rts_pol::first) */
	size_t *order, *pol_order;
	/* copies kept until rts_free() (the maps' keys, the names) */
	char **keys;
	size_t nr_keys, cap_keys;
};

/**
 * struct rts_agg - a policy over a set of cells
 * @n: cells
 * @j, @e, @worst, @sw, @secs, @dec: janked frames, energy, switches,
 *	seconds and decisions summed; the worst latency
 * @e_on, @e_od: over the cells with simple_ondemand, the energy and
 *	simple_ondemand's
 * @sw_od, @secs_od, @dec_od: simple_ondemand's switches, seconds and
 *	decisions there
 * @xs, @xs_od: over the cells with simple_ondemand and the oracle,
 *	Σ(J - J_oracle) and Σ(J_od - J_oracle)
 * @sav, @sav_or: over the cells with the oracle, Σ(1 - E) and
 *	Σ(1 - E_oracle)
 * @pareto, @n_pareto: cells no sweep setting dominates, of those swept
 * @n_steady, @steady_miss: steady cells with simple_ondemand, and those
 *	where the switches a second exceed RTS_STEADY_SW
 * @steady_worst, @steady_od, @steady_cell: the steady cell whose switches
 *	a second exceed the target most: its rate and simple_ondemand's
 * @n_fw, @fw_el, @fw_jl, @fw_both, @fw_j, @fw_jf, @fw_er: against the
 *	firmware's choice: cells, with less energy, no more janked frames,
 *	both; janked frames and the firmware's; Σ E / E_fw
 */
struct rts_agg {
	size_t n, pareto, n_pareto, n_steady, steady_miss, steady_cell;
	size_t n_fw, fw_el, fw_jl, fw_both;
	double j, e, worst, sw, secs, dec;
	double e_on, e_od, sw_od, secs_od, dec_od, xs, xs_od, sav, sav_or;
	double steady_worst, steady_od;
	double fw_j, fw_jf, fw_er;
};

/* The switches-a-second target on steady frames: <= 1.5 * od's + 0.1. */
#define RTS_STEADY_FACTOR	1.5
#define RTS_STEADY_SLACK	0.1

int rts_read(struct rts *r, const char *path);
void rts_free(struct rts *r);
void rts_aggregate(const struct rts *r, size_t pol, struct rts_agg *all,
		   struct rts_agg *by_prof);
long rts_find_pol(const struct rts *r, size_t group, const char *name);
void *rts_must(void *p, bool bad);
void *rts_grow(void *p, size_t *cap, size_t need, size_t size);
char *rts_keep(struct rts *r, const char *s);
size_t rts_name_index(struct rts *r, struct rts_names *n, const char *name);

int rts_summary(const char *path, const char *heat, const char *def, bool by_prof,
		enum table_format fmt, FILE *f);

#endif /* GPUGOV_RTSUM_H */
