/* SPDX-License-Identifier: GPL-2.0 */
/*
 * energy.h - energy of an interval from its event counts.
 */
#ifndef SIM_ENERGY_H
#define SIM_ENERGY_H

#include "sim_state.h"

double sim_energy_pj(const struct sim_gpu_desc *g, u32 core,
		     const struct sim_events *ev, u64 sm_cycles, u64 t_fs,
		     double part);

#endif /* SIM_ENERGY_H */
