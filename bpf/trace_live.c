// SPDX-License-Identifier: GPL-2.0
/*
 * trace_live.c - print a decision as one line: when, which device, what
 * the sample said (interval, busy share, instructions, memory stall share
 * of the busy cycles), which model decided and why, the frequency in force
 * and the one chosen, and what was predicted at the chosen one.
 */
#include "gpugov_policy.h"
#include "gpugov_predict.h"
#include "trace_live.h"

/* Names as the governor's sysfs spells them; "?" for unknown ids. */
const char *gt_pred_name(__u32 id)
{
	const struct gpugov_predictor *p;

	if (id >= GPUGOV_NR_PRED)
		return "?";
	p = gpugov_predictor(id);
	return p && p->name ? p->name : "?";
}

static const char *objective_name(__u32 id)
{
	return id < GPUGOV_NR_OBJ ? gpugov_objective_names[id] : "?";
}

static const char *reason_name(__u32 id)
{
	return id < GPUGOV_NR_REASON ? gpugov_reason_names[id] : "?";
}

void gt_live_header(FILE *f)
{
	fprintf(f, "%-11s %-14s %7s %9s %6s %6s %11s %6s %-9s %-11s %-11s %9s    %-9s %9s %7s\n",
		"TIME(s)", "DEVICE", "SEQ", "INTV_US", "BUSY%", "CAPS", "INSTS",
		"STALL%", "MODEL", "OBJECTIVE", "REASON", "CUR_KHZ", "NEXT_KHZ",
		"PRED_US", "METRIC");
}

/**
 * gt_live_line() - print one decision
 * @f: output
 * @e: the event
 * @start_ns: CLOCK_MONOTONIC at the start of tracing, in ns
 *
 * MODEL is the model that decided, with a '*' if that is a fallback from
 * the configured one.  STALL% is load plus store stall cycles over the
 * busy cycles, '-' without those counters.  PRED_US is the predicted busy
 * time of the sample's work at the chosen OPP; METRIC the objective there
 * relative to the OPP in force (below 1: better).
 */
void gt_live_line(FILE *f, const struct gt_decision *e, __u64 start_ns)
{
	const struct gpugov_sample *s = &e->s;
	double ts = e->ts_ns > start_ns ? (e->ts_ns - start_ns) / 1e9 : 0;
	double busy = s->interval_ns ? 100.0 * s->busy_ns / s->interval_ns : 0;
	double busy_cyc = (double)s->busy_ns * s->core_khz / 1e6;
	char model[24], stall[16];
	const __u32 stall_caps = GPUGOV_CAP_LOAD_STALL | GPUGOV_CAP_STORE_STALL;

	snprintf(model, sizeof(model), "%s%s", gt_pred_name(e->used),
		 e->used != e->wanted ? "*" : "");
	if ((s->caps & stall_caps) == stall_caps && busy_cyc > 0)
		snprintf(stall, sizeof(stall), "%.1f",
			 100.0 * (s->load_stall_cyc + s->store_stall_cyc) / busy_cyc);
	else
		snprintf(stall, sizeof(stall), "-");
	fprintf(f, "%-11.6f %-14s %7llu %9.1f %6.1f %6x %11llu %6s %-9s %-11s %-11s "
		"%9u -> %-9u %9.1f %7.3f\n",
		ts, e->dev, (unsigned long long)e->seq, s->interval_ns / 1e3,
		busy, s->caps, (unsigned long long)s->insts, stall, model,
		objective_name(e->objective), reason_name(e->reason),
		e->cur_khz, e->chosen_khz, e->time_ps / 1e6,
		e->metric_q16 / 65536.0);
}
