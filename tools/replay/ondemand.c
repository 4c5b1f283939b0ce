// SPDX-License-Identifier: GPL-2.0
/*
 * ondemand.c - simple_ondemand as drivers/devfreq/governor_simpleondemand.c
 * (Linux 6.1) computes it, and the devfreq core's rounding of its result.
 *
 * The order of the tests, the overflow guard that shifts busy and total
 * right by 7 once either reaches 2^24, and the integer divisions are the
 * kernel's, so that the same busy/total/frequency give the same OPP.
 */
#include "ondemand.h"

#define ONDEMAND_MAX_HZ	(~0ULL)	/* DEVFREQ_MAX_FREQ */

/**
 * ondemand_target_hz() - frequency simple_ondemand asks for
 * @p: thresholds
 * @busy: devfreq busy_time of the interval (driver units)
 * @total: devfreq total_time (same units)
 * @cur_hz: frequency in force
 *
 * Return: the requested frequency in Hz, ONDEMAND_MAX_HZ for "maximum", or
 * 0 when the thresholds are invalid (the kernel returns -EINVAL and keeps
 * the frequency).
 */
unsigned long long ondemand_target_hz(const struct ondemand_params *p,
				      unsigned long long busy,
				      unsigned long long total,
				      unsigned long long cur_hz)
{
	unsigned long long a, b;

	if (p->upthreshold > 100 || p->upthreshold < p->downdifferential)
		return 0;
	if (!total)
		return ONDEMAND_MAX_HZ;
	if (busy >= (1 << 24) || total >= (1 << 24)) {
		busy >>= 7;
		total >>= 7;
	}
	if (busy * 100 > total * p->upthreshold)
		return ONDEMAND_MAX_HZ;
	if (!cur_hz)
		return ONDEMAND_MAX_HZ;
	if (busy * 100 > total * (p->upthreshold - p->downdifferential))
		return cur_hz;
	/* total > 0 here: had the shift zeroed it, busy * 100 > 0 above */
	a = busy * cur_hz;
	b = a / total;
	b *= 100;
	return b / (p->upthreshold - p->downdifferential / 2);
}

/**
 * ondemand_round_up() - the OPP the devfreq core sets for a request
 * @t: OPP table (core clocks ascending)
 * @hz: requested frequency
 *
 * devfreq_update_target() clamps to the table's range and
 * devfreq_recommended_opp() then takes the lowest OPP at or above the
 * request.
 */
u32 ondemand_round_up(const struct gpugov_opp_table *t, unsigned long long hz)
{
	u32 i;

	for (i = 0; i < t->nr; i++)
		if ((unsigned long long)t->opp[i].core_khz * 1000 >= hz)
			return i;
	return t->nr - 1;
}
