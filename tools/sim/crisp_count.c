// SPDX-License-Identifier: GPL-2.0
/*
 * crisp_count.c - cycle classification and critical-path counters.
 */
#include "crisp_count.h"

static s64 smin(s64 a, s64 b)
{
	return a < b ? a : b;
}

/**
 * crisp_classify() - class of one cycle, CRISP section 3.5
 *
 * A cycle that fills the issue width is busy.  A one-issue cycle of a
 * wider core is busy only if an arithmetic RAW or structural hazard
 * held the other slot; otherwise it is idle, like a zero-issue cycle.
 * Idle cycles go through rules (A)-(D) in order:
 *  (A) a control hazard or bank conflict, or no load/store miss and no
 *      fetch stall: computation (all resolved at core speed);
 *  (B) a load miss outstanding: a RAW on a load -> load stall; else an
 *      arithmetic RAW/structural hazard -> computation; else MSHR/LSQ
 *      full -> load stall; else a fetch stall -> load stall;
 *  (C) no load miss outstanding, MSHR/LSQ full -> store stall;
 *  (D) anything else is arithmetic dependence: computation.
 */
enum crisp_class crisp_classify(const struct crisp_flags *f)
{
	if (f->issued >= f->width || (f->issued && f->arith_haz))
		return CRISP_BUSY;
	if (f->conflict || (!f->load_out && !f->store_out && !f->fetch_stall))
		return CRISP_COMP;				/* (A) */
	if (f->load_out) {					/* (B) */
		if (f->lsu_raw)
			return CRISP_LOAD_STALL;
		if (f->arith_haz)
			return CRISP_COMP;
		if (f->res_full || f->fetch_stall)
			return CRISP_LOAD_STALL;
		return CRISP_COMP;				/* (D) */
	}
	if (f->res_full)					/* (C) */
		return CRISP_STORE_STALL;
	return CRISP_COMP;					/* (D) */
}

/*
 * Count @ncyc cycles of one class.  Each load-stall cycle also adds one
 * to the adjusted load critical path (section 3.6), so that stalls lying
 * between critical loads are part of T_Memory.
 */
void crisp_account(struct crisp_ctr *c, enum crisp_class cls, int load_out,
		   u64 ncyc)
{
	c->cyc[cls] += ncyc;
	if (cls == CRISP_LOAD_STALL)
		c->lcp += (s64)ncyc;
	if (load_out)
		c->load_out += ncyc;
}

/*
 * A load leaves the L1: copy T_Memory and CRIT into its timestamps.  It
 * is a leading load if no leading load is outstanding: as in CRISP
 * Fig. 6, where LEAD = A + B + D, the first miss issued after the last
 * leading load returned leads, even if other misses are in flight.
 * @own: the parts of its round trip (known at issue here; hardware would
 * count them as the request crosses the clock-domain boundary each way
 * and waits in the memory controller's queues).
 */
void crisp_miss_issue(struct crisp_ctr *c, struct crisp_ts *ts, u64 now,
		      struct crisp_parts own)
{
	ts->lcp = c->lcp;
	ts->lcp_parts = c->lcp_parts;
	ts->crit = c->crit;
	ts->issue = now;
	ts->own = own;
	ts->lead = !c->lead_pending;
	c->lead_pending = 1;
}

/*
 * The load is back after L = now - issue cycles:
 * T_Memory = max(T_Memory, ts + L), the same for CRIT; a leading load
 * adds the part of its latency inside the interval.  When the path
 * through the load is at least T_Memory (equal where load stalls counted
 * its latency), the path's parts become the timestamp's plus the load's
 * own, cut so that together they never exceed L or the path.
 */
void crisp_miss_return(struct crisp_ctr *c, const struct crisp_ts *ts,
		       u64 now)
{
	s64 lat = (s64)(now - ts->issue);

	if (ts->lcp + lat >= c->lcp) {
		s64 core = smin(ts->own.core, lat);
		s64 wait = smin(ts->own.wait, lat - core);

		c->lcp = ts->lcp + lat;
		c->lcp_parts.core = smin(ts->lcp_parts.core + core,
					  c->lcp);
		c->lcp_parts.wait = smin(ts->lcp_parts.wait + wait,
					  c->lcp - c->lcp_parts.core);
	}
	if (ts->crit + lat > c->crit)
		c->crit = ts->crit + lat;
	if (ts->lead) {
		c->lead += now - (ts->issue > c->start ? ts->issue : c->start);
		c->lead_pending = 0;
	}
}

void crisp_reset(struct crisp_ctr *c, u64 now)
{
	u32 i;

	c->start = now;
	for (i = 0; i < CRISP_NR_CLASS; i++)
		c->cyc[i] = 0;
	c->lcp = c->crit = 0;
	c->lcp_parts.core = c->lcp_parts.wait = 0;
	c->lead = c->load_out = 0;
}

/* A fresh counter set: crisp_reset() plus no leading load outstanding. */
void crisp_init(struct crisp_ctr *c, u64 now)
{
	*c = (struct crisp_ctr){ 0 };
	crisp_reset(c, now);
}

/*
 * A miss still outstanding when a new interval starts joins the new
 * counters as a chain that began at its own issue: ts = issue - start
 * (negative), so on return it adds only its latency inside the interval
 * and T_Memory never exceeds the interval's cycles.
 */
void crisp_rebase(const struct crisp_ctr *c, struct crisp_ts *ts)
{
	ts->lcp = ts->crit = (s64)ts->issue - (s64)c->start;
	ts->lcp_parts.core = ts->lcp_parts.wait = 0;
}
