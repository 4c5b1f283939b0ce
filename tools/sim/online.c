// SPDX-License-Identifier: GPL-2.0
/*
 * online.c - the policy in the loop.  Epoch n runs at the OPP chosen
 * from epoch n's predecessor: observe, predict every OPP's time, decide.
 * The first epoch runs at the fastest OPP, as after a governor start.
 */
#include <string.h>

#include "online.h"

/*
 * --target and --idle-uw: a non-zero @target selects the objective target
 * (GRAPE) holding @target work units per busy second (GRAPE section V-A
 * gives its goals as rates); @idle_uw is the power the policy charges for
 * idle time (struct gpugov_power_params).
 */
void sim_online_target(struct gpugov_policy_params *p, u64 target, u32 idle_uw)
{
	p->power.idle_uw = idle_uw;
	if (!target)
		return;
	p->objective = GPUGOV_OBJ_TARGET;
	p->grape.mode = GPUGOV_GRAPE_ABS;
	p->grape.target = target;
}

int sim_online(struct sim *x, const struct sim_online_opts *o,
	       struct sim_online_result *r, char *err)
{
	struct gpugov_trace_hdr h;
	struct gpugov_pred_state ps;
	static struct gpugov_policy_state pol;
	struct gpugov_decision d;
	struct gpugov_trace_rec rec;
	u32 opp = sim_nr_opp(x) - 1;

	memset(r, 0, sizeof(*r));
	gpugov_trace_hdr_init(&h, GPUGOV_TRACE_SAMPLE, GPUGOV_INTERVAL_EPOCH,
			      o->epoch_ns);
	snprintf(h.device, sizeof(h.device), "%s", x->g->name);
	snprintf(h.source, sizeof(h.source), "%s", o->source ? o->source : "");
	sim_gpu_opp_table(x->g, &h.opps);
	gpugov_pred_init(&ps);
	gpugov_policy_state_init(&pol);
	ps.coremem.sm_count = x->g->sms;
	ps.coremem.warps_max = x->g->warp_slots;
	ps.coremem_gpu = GPUGOV_CM_NR_GPUS;
	if (o->coremem && o->coremem->set) {
		ps.coremem = o->coremem->p;
		ps.coremem_gpu = o->coremem->id;
		snprintf(h.coremem_gpu, sizeof(h.coremem_gpu), "%s",
			 gpugov_coremem_gpu(o->coremem->id) ?
			 gpugov_coremem_gpu_name(o->coremem->id) : "");
	}
	if (o->trace)
		gpugov_trace_write_header(o->trace, &h);
	while (!x->st->finished) {
		struct sim_interval iv;
		u64 epoch_fs = o->epoch_ns * 1000000;

		sim_set_opp(x, opp);
		sim_interval_begin(x, &iv);
		if (sim_run(x, SIM_INF, iv.start_fs + epoch_fs, SIM_NO_LAUNCH,
			    err))
			return -1;
		sim_interval_end(x, &iv, 0, &rec);
		rec.seg = (u32)r->epochs;
		rec.opp = opp;
		if (o->trace)
			gpugov_trace_write_rec(o->trace, &h, &rec);
		r->epochs++;
		r->insts += rec.s.insts;
		r->ns += rec.s.busy_ns;
		r->pj += rec.energy_pj;
		r->opp_epochs[opp]++;

		gpugov_pred_observe(&ps, &rec.s);
		memset(&d, 0, sizeof(d));
		gpugov_predict(&ps, o->pred, &rec.s, &h.opps, d.time_ps);
		gpugov_decide(&o->policy, &pol, &h.opps, &rec.s, &d);
		opp = d.chosen;
	}
	return 0;
}
