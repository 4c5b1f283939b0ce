// SPDX-License-Identifier: GPL-2.0
/*
 * gpugov_power.c - energy of an interval's work at an OPP (DESIGN.md
 * section 4; CRISP section 4 for the V^2 f and V scaling).
 *
 * With an energy model (every OPP carries power_uw, e.g. from em_pd_get()):
 *	E_busy = P_opp * T(f)
 * Otherwise, from the OPP voltage V (1 V where unknown):
 *	E_busy = dyn * V^2 * cycles / 1 GHz + (static * V + uncore) * T(f)
 * with cycles = f1 * T(f1), the core cycles of the measured busy time: the
 * work's switching
 * activity does not change with the clock, so its dynamic energy only
 * scales with V^2, while leakage and uncore power last as long as the work.
 * In both cases the rest of the interval, if any, costs idle power, whose
 * leakage part follows the OPP's voltage (a clock-gated GPU idles at the
 * voltage of its OPP):
 *	E = E_busy + (idle_static * V + idle) * max(0, interval - T(f))
 * Units: uW * ps / 10^6 = pJ.
 */
#include "gpugov_policy.h"
#include "gpugov_predict.h"
#include "gpugov_fixed.h"

#define UV_PER_V	1000000U
#define PS_PER_US	1000000U	/* uW * ps / PS_PER_US = pJ */
#define MCYC_PER_PS_KHZ	1000000U	/* ps * kHz / 10^6 = cycles / 1000 */
#define MCYC_PER_KCYC	1000000U	/* uW * mcycles / 10^6 = pJ at 1 V */

/*
 * uW * ps -> pJ for a 32-bit power: floor(ps * uw / 10^6), saturating, as
 * gpugov_mul_div() gives it, without its 128-bit division where @ps does
 * not fit 32 bits (intervals over 4.3 ms): with ps = q * 10^6 + r,
 * ps * uw / 10^6 = q * uw + r * uw / 10^6 exactly, and r * uw fits 64
 * bits.  It runs twice for every OPP.
 */
static inline u64 pj_u32(u64 ps, u32 uw)
{
	u64 q, hi, lo;

	if (!(ps >> 32))
		return ps * uw / PS_PER_US;
	q = ps / PS_PER_US;
	gpugov_mul128(q, uw, &hi, &lo);
	if (hi)
		return U64_MAX;
	return gpugov_sat_add(lo, (ps - q * PS_PER_US) * uw / PS_PER_US);
}

/* uW * ps -> pJ for powers of any u64 size: in 32-bit parts. */
static inline u64 power_time_pj(u64 uw, u64 ps)
{
	u64 e = 0;

	if (uw <= U32_MAX)
		return pj_u32(ps, (u32)uw);
	for (; uw > U32_MAX; uw -= U32_MAX)
		e = gpugov_sat_add(e, pj_u32(ps, U32_MAX));
	return gpugov_sat_add(e, pj_u32(ps, (u32)uw));
}

/**
 * struct gpugov_energy_base - sample-only parts of the energy model
 * @dyn_1v_pj: dynamic energy of the sample's work at 1 V
 * @interval_ps: the sample's interval
 * @idle: the model has an idle power (idle_static_uw or idle_uw)
 */
struct gpugov_energy_base {
	u64 dyn_1v_pj;
	u64 interval_ps;
	bool idle;
};

/*
 * The parts of the energy model that depend on the sample only, computed
 * once per decision.
 */
static void energy_base_init(const struct gpugov_power_params *pw,
			     const struct gpugov_sample *s,
			     struct gpugov_energy_base *b)
{
	/* In milli-cycles first, so that no step truncates more than 1 pJ. */
	u64 mcyc = gpugov_mul_div(gpugov_busy_ps(s), s->core_khz,
				  MCYC_PER_PS_KHZ);

	b->dyn_1v_pj = gpugov_mul_div(mcyc, pw->dyn_uw, MCYC_PER_KCYC);
	b->interval_ps = gpugov_mul_div(s->interval_ns, GPUGOV_PS_PER_NS, 1);
	b->idle = pw->idle_static_uw || pw->idle_uw;
}

/* a power of 1 V * @uv_coef plus @add_uw at the voltage @uv, uW */
static inline u64 volt_uw(u32 coef_uw, u32 uv, u32 add_uw)
{
	return (u64)coef_uw * uv / UV_PER_V + add_uw;
}

/**
 * gpugov_idle_uw() - idle power at an OPP: idle_static * V + idle, with
 * V = 1 V where the OPP's voltage is unknown (0)
 * @pw: model coefficients
 * @o: the OPP
 */
u64 gpugov_idle_uw(const struct gpugov_power_params *pw,
		   const struct gpugov_opp *o)
{
	return volt_uw(pw->idle_static_uw, o->uv ? o->uv : UV_PER_V,
		       pw->idle_uw);
}

/*
 * Predicted energy of the sample's interval at OPP @o, its busy time there
 * @time_ps, with @b from energy_base_init(): pJ, saturated at U64_MAX.
 * Every step is a floor(x * y / 10^6) of pj_u32(); it runs for every OPP.
 */
static inline u64 energy_at(const struct gpugov_power_params *pw,
			    const struct gpugov_energy_base *b,
			    const struct gpugov_opp *o, u64 time_ps)
{
	u32 uv = o->uv ? o->uv : UV_PER_V;
	u64 v2 = (u64)uv * uv / UV_PER_V, e;

	if (o->power_uw) {
		e = pj_u32(time_ps, o->power_uw);
	} else {
		/* V^2 as uV^2 / 10^6: one step where it fits 32 bits (< 65 V) */
		e = v2 <= U32_MAX ? pj_u32(b->dyn_1v_pj, (u32)v2) :
		    pj_u32(pj_u32(b->dyn_1v_pj, uv), uv);
		e = gpugov_sat_add(e, power_time_pj(volt_uw(pw->static_uw, uv,
							    pw->uncore_uw),
						    time_ps));
	}
	/* power-gated when idle (both idle terms 0): the idle energy is 0 */
	if (b->idle && b->interval_ps > time_ps)
		e = gpugov_sat_add(e, power_time_pj(volt_uw(pw->idle_static_uw,
							    uv, pw->idle_uw),
						    b->interval_ps - time_ps));
	return e;
}

/*
 * energy_at() of @n OPPs from @o, their busy times @time_ps: the one
 * caller of energy_at(), so that it inlines into the loop (a call per OPP
 * was a sixth of the energies' cost).
 */
static void energies_at(const struct gpugov_power_params *pw,
			const struct gpugov_sample *s,
			const struct gpugov_opp *o, u32 n, const u64 *time_ps,
			u64 *energy_pj)
{
	struct gpugov_energy_base b;
	u32 i;

	energy_base_init(pw, s, &b);
	for (i = 0; i < n; i++)
		energy_pj[i] = energy_at(pw, &b, &o[i], time_ps[i]);
}

/**
 * gpugov_energy_pj() - predicted energy of the sample's interval at an OPP
 * @pw: model coefficients, used where the table has no energy model
 * @t: OPP table
 * @idx: OPP index
 * @s: the sample whose work is being moved to @idx
 * @time_ps: predicted busy time at @idx
 *
 * Return: energy in pJ, saturated at U64_MAX.
 */
u64 gpugov_energy_pj(const struct gpugov_power_params *pw,
		     const struct gpugov_opp_table *t, u32 idx,
		     const struct gpugov_sample *s, u64 time_ps)
{
	u64 e;

	energies_at(pw, s, &t->opp[idx], 1, &time_ps, &e);
	return e;
}

/**
 * gpugov_energies_pj() - predicted energy of the sample's interval at every
 * OPP (gpugov_energy_pj() of each)
 * @pw: model coefficients, used where the table has no energy model
 * @t: OPP table
 * @s: the sample whose work is being moved
 * @time_ps: predicted busy time at each OPP of @t
 * @energy_pj: out, t->nr energies in pJ, saturated at U64_MAX
 */
void gpugov_energies_pj(const struct gpugov_power_params *pw,
			const struct gpugov_opp_table *t,
			const struct gpugov_sample *s, const u64 *time_ps,
			u64 *energy_pj)
{
	energies_at(pw, s, t->opp, t->nr, time_ps, energy_pj);
}
