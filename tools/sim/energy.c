// SPDX-License-Identifier: GPL-2.0
/*
 * energy.c - the simulator's energy model (DESIGN.md section 4 and seed
 * 000 section 4 style):
 *
 *   E = V^2 * (sum over core events of count * energy at 1 V
 *              + SM cycles * clock energy per cycle at 1 V)
 *     + memory transactions * their energy            (fixed memory voltage)
 *     + (static_uw * V + uncore_uw) * t
 *
 * so dynamic energy per event scales with V^2, leakage with V and time,
 * and the uncore with time alone.  The events are those of the SMs the
 * energy is for (memory transactions: those they sent), and @part the
 * share of the leakage and uncore power that goes with them (their number
 * over the device's SMs), so that the SMs' energies add up to the
 * device's.
 */
#include "energy.h"

double sim_energy_pj(const struct sim_gpu_desc *g, u32 core,
		     const struct sim_events *ev, u64 sm_cycles, u64 t_fs,
		     double part)
{
	const struct sim_power *p = &g->pw;
	double v = g->core_uv[core] / 1e6;
	double dyn = ev->insts * p->inst_pj + ev->alu * p->alu_pj +
		     ev->sfu * p->sfu_pj + ev->shm * p->shm_pj +
		     (ev->gld_txn + ev->gst_txn) * p->l1_pj +
		     sm_cycles * p->clk_pj;
	double mem = ev->l2_txn * p->l2_pj + ev->dram_txn * p->dram_pj;

	/* uW * fs = 1e-21 J = 1e-9 pJ */
	return dyn * v * v + mem +
	       (p->static_uw * v + p->uncore_uw) * (double)t_fs * 1e-9 * part;
}
