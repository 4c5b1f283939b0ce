// SPDX-License-Identifier: GPL-2.0
/*
 * test_sim_online.c - the simulator's closed loop (tools/sim/online.c)
 * with the objective `target` (GRAPE), as `gpugov-sim online --target`
 * runs it for docs/results-pcstall-grape.md:
 *  - sim_online_target() sets the objective, the absolute goal and the
 *    idle power, and a zero goal leaves the objective alone;
 *  - the loop counts every instruction of the workload (the same as one
 *    run at the top OPP: the goal's denominators rely on it);
 *  - GRAPE asked for 50 % of the top OPP's rate on a compute-bound kernel
 *    falls short of it by less than 2 % (GRAPE section V-A counts only
 *    shortfall: 0.75 % mean), runs most epochs below the top OPP, and with
 *    the idle after the work until the deadline D = W / goal charged at
 *    the policy's 47 W costs less than race-to-idle (the top OPP, then
 *    idle until D).  On this GPU the policy's cheapest OPP fast enough is
 *    600 MHz, so it over-delivers: that is not a shortfall;
 *  - a goal above what the top OPP can do runs every epoch at the top.
 * Runs from the top of the tree (make check).
 */
#include <math.h>
#include <stdlib.h>

#include "tap.h"
#include "gpu.h"
#include "online.h"

#define FERMI "tools/sim/gpus/fermi-15sm.gpu"
#define KERNEL "tools/sim/workloads/kernels/compute-fma.wl"

static struct sim_gpu_desc fermi;
static struct sim_workload wl;
static struct sim_state *st;
static char err[SIM_ERR_MAX];

/* The whole workload at the top OPP: instructions, busy ns, energy pJ. */
static int top_run(u64 *insts, double *ns, double *pj)
{
	struct gpugov_trace_rec rec;
	struct sim_interval iv;
	struct sim x;

	sim_init(&x, &fermi, &wl, st, 1);
	sim_set_opp(&x, sim_nr_opp(&x) - 1);
	sim_interval_begin(&x, &iv);
	if (sim_run(&x, SIM_INF, SIM_INF, SIM_NO_LAUNCH, err))
		return -1;
	sim_interval_end(&x, &iv, 0, &rec);
	*insts = rec.s.insts;
	*ns = (double)rec.s.busy_ns;
	*pj = rec.energy_pj;
	return 0;
}

static int online(u64 target, struct sim_online_result *r)
{
	struct sim_online_opts o = { 0 };
	struct sim x;

	o.pred = GPUGOV_PRED_STALL;
	gpugov_policy_defaults(&o.policy);
	sim_online_target(&o.policy, target, 47000000);
	o.epoch_ns = 1000;
	sim_init(&x, &fermi, &wl, st, 1);
	return sim_online(&x, &o, r, err);
}

static void test_params(void)
{
	struct gpugov_policy_params p;

	gpugov_policy_defaults(&p);
	p.objective = GPUGOV_OBJ_ED2P;
	sim_online_target(&p, 0, 1234);
	tap_ok(p.objective == GPUGOV_OBJ_ED2P && p.power.idle_uw == 1234,
	       "no goal: the objective stays, the idle power is set");
	sim_online_target(&p, SIM_TARGET_MAX, 0);
	tap_ok(p.objective == GPUGOV_OBJ_TARGET && p.grape.mode == GPUGOV_GRAPE_ABS &&
	       p.grape.target == SIM_TARGET_MAX,
	       "a goal selects target, absolute, that rate");
}

static void test_loop(void)
{
	struct sim_online_result r;
	u64 insts = 0, below = 0;
	double ns = 1, pj = 0, goal, h, d, race, ctrl;
	u32 i, top = fermi.nr_core * fermi.nr_mem - 1;

	if (!tap_ok(!top_run(&insts, &ns, &pj), "top OPP run")) {
		tap_diag("%s", err);
		return;
	}
	goal = 0.5 * insts / (ns / 1e9);
	if (!tap_ok(!online((u64)goal, &r), "target 50 %%: runs"))
		tap_diag("%s", err);
	for (i = 0; i < top; i++)
		below += r.opp_epochs[i];
	h = r.insts / (r.ns / 1e9);
	tap_ok(r.insts == insts, "every instruction counted (%llu of %llu)",
	       (unsigned long long)r.insts, (unsigned long long)insts);
	tap_ok(h > 0.98 * goal, "shortfall below 2 %% (rate %+.2f %% of the goal)",
	       100 * (h - goal) / goal);
	/* uW * ns = 1e-3 pJ */
	d = insts / goal * 1e9;
	race = pj + 47000000.0 * (d - ns) / 1000;
	ctrl = r.pj + 47000000.0 * fmax(0, d - r.ns) / 1000;
	tap_ok(below > r.epochs / 2 && ctrl < race,
	       "most epochs below the top OPP (%llu of %llu), less energy than race-to-idle "
	       "(%.4g < %.4g pJ)", (unsigned long long)below, (unsigned long long)r.epochs,
	       ctrl, race);
	if (!tap_ok(!online((u64)(3 * goal), &r), "target 150 %%: runs"))
		tap_diag("%s", err);
	tap_ok(r.opp_epochs[top] == r.epochs, "an unreachable goal: every epoch at the top OPP");
}

int main(void)
{
	st = sim_state_alloc();
	test_params();
	if (!tap_ok(!sim_gpu_load(&fermi, FERMI, err) &&
		    !sim_workload_load(&wl, KERNEL, 10, err), "GPU and kernel load"))
		tap_diag("%s", err);
	else
		test_loop();
	free(st);
	return tap_done("sim_online");
}
