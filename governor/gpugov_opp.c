// SPDX-License-Identifier: GPL-2.0
/*
 * gpugov_opp.c - the device's operating points as the models see them.
 *
 * Frequencies come from the devfreq frequency table (which the core builds
 * from the OPP library or takes from the driver's profile), voltages from
 * the OPP library, and busy power, where the device registered one, from
 * the kernel Energy Model (DESIGN.md section 4: preferred over the
 * voltage-based model).  At every poll, the range of OPPs the device
 * allows is read the way the devfreq core clamps (gpugov_opp_allowed()).
 */
#include <linux/energy_model.h>
#include <linux/pm_opp.h>
#include <linux/rcupdate.h>
#include <linux/version.h>

#include "gpugov.h"

/* Busy power of the Energy Model state at @khz in uW, 0 if none. */
static u32 gpugov_em_power_uw(struct em_perf_domain *pd, u32 khz)
{
	struct em_perf_state *ps;
	u32 uw = 0;
	int i;

	if (!(pd->flags & EM_PERF_DOMAIN_MICROWATTS) || em_is_artificial(pd))
		return 0;
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 9, 0)
	rcu_read_lock();
	ps = em_perf_state_from_pd(pd);
#else
	ps = pd->table;
#endif
	for (i = 0; i < pd->nr_perf_states; i++) {
		if (ps[i].frequency == khz) {
			uw = min_t(unsigned long, ps[i].power, U32_MAX);
			break;
		}
	}
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 9, 0)
	rcu_read_unlock();
#endif
	return uw;
}

/* Core supply voltage of the OPP at exactly @hz in uV, 0 if unknown. */
static u32 gpugov_opp_uv(struct device *dev, unsigned long hz)
{
	struct dev_pm_opp *opp;
	unsigned long uv;

	opp = dev_pm_opp_find_freq_exact(dev, hz, true);
	if (IS_ERR(opp))
		return 0;
	uv = dev_pm_opp_get_voltage(opp);
	dev_pm_opp_put(opp);
	return min_t(unsigned long, uv, U32_MAX);
}

/*
 * Index in df->freq_table of the @i-th lowest frequency.  The devfreq core
 * takes a driver's table in either order (devfreq_get_freq_range() finds
 * min and max at either end), so gpugov reads a descending one backwards.
 */
static unsigned int gpugov_table_idx(const struct devfreq *df, bool desc,
				     unsigned int i)
{
	return desc ? df->max_state - 1 - i : i;
}

/**
 * gpugov_opp_build() - fill g->table and g->opp_hz from the devfreq device
 * @g: state of a device being started
 *
 * g->table is always ascending; the devfreq table may be ascending or
 * descending (its order is told by its two ends), and g->opp_hz keeps the
 * exact devfreq frequency of each g->table entry, so a decision maps back
 * to the driver's frequency whatever the order.  Entries that are zero,
 * not strictly monotonic in the table's order, or at 2^32 kHz or more are
 * refused, as are tables with more than GPUGOV_MAX_OPPS entries.
 *
 * The models work in kHz.  An OPP that is not a whole number of kHz (some
 * tables are a few Hz off: Amlogic's Mali OPPs are 124999998 Hz and the
 * like) is taken rounded down, as the sample's clock is (gpugov_poll.c)
 * and the Energy Model's frequencies are, so that all three agree; the
 * log says so at every start.  Two OPPs in the same kHz cannot be told apart by the
 * models and are refused, both named.  Power is taken from the Energy
 * Model only if every OPP has a value there.
 *
 * Return: 0, or -EINVAL if the device's table cannot be used.
 */
int gpugov_opp_build(struct gpugov_dev *g)
{
	struct devfreq *df = g->df;
	struct device *dev = df->dev.parent;
	struct em_perf_domain *pd = em_pd_get(dev);
	bool all_power = pd;
	unsigned int i, inexact = 0;
	unsigned long first_inexact = 0;
	bool desc;

	if (!df->freq_table || !df->max_state ||
	    df->max_state > GPUGOV_MAX_OPPS) {
		dev_err(&df->dev, "gpugov: needs 1..%d OPPs, device has %u\n",
			GPUGOV_MAX_OPPS, df->max_state);
		return -EINVAL;
	}
	desc = df->freq_table[0] > df->freq_table[df->max_state - 1];
	for (i = 0; i < df->max_state; i++) {
		unsigned long hz = df->freq_table[gpugov_table_idx(df, desc, i)];
		struct gpugov_opp *o = &g->table.opp[i];

		if (!hz || hz / 1000 > U32_MAX || (i && hz <= g->opp_hz[i - 1])) {
			dev_err(&df->dev, "gpugov: unusable OPP %lu Hz\n", hz);
			return -EINVAL;
		}
		if (i && hz / 1000 == g->opp_hz[i - 1] / 1000) {
			dev_err(&df->dev,
				"gpugov: OPPs %lu Hz and %lu Hz are in the same kHz; gpugov needs OPPs at least 1 kHz apart\n",
				g->opp_hz[i - 1], hz);
			return -EINVAL;
		}
		if (hz % 1000 && !inexact++)
			first_inexact = hz;
		g->opp_hz[i] = hz;
		o->core_khz = hz / 1000;
		o->uv = gpugov_opp_uv(dev, hz);
		o->power_uw = pd ? gpugov_em_power_uw(pd, o->core_khz) : 0;
		if (!o->power_uw)
			all_power = false;
	}
	if (inexact)
		dev_info(&df->dev,
			 "gpugov: %u OPPs are not a whole number of kHz (the lowest: %lu Hz); each is taken rounded down to kHz\n",
			 inexact, first_inexact);
	g->table.nr = df->max_state;
	g->em_power = all_power;
	if (!all_power)
		for (i = 0; i < g->table.nr; i++)
			g->table.opp[i].power_uw = 0;
	if (gpugov_opp_table_check(&g->table)) {
		dev_err(&df->dev, "gpugov: OPP table rejected by the models\n");
		return -EINVAL;
	}
	return 0;
}

/**
 * gpugov_opp_allowed() - the OPPs the device may run at now
 * @g: state of a started device; df->lock held
 * @r: the allowed OPPs, indices into g->table
 *
 * devfreq_get_freq_range() is what devfreq_update_target() clamps a
 * governor's frequency to after get_target_freq() (6.1 and 6.12 alike):
 * the table's ends narrowed by the parent's PM QoS DEV_PM_QOS_MIN_FREQUENCY
 * and DEV_PM_QOS_MAX_FREQUENCY (sysfs min_freq/max_freq and a devfreq
 * cooling device's cap are such requests) and by scaling_min_freq and
 * scaling_max_freq (OPPs disabled in the OPP library).  The core then
 * rounds a lower bound up to an OPP and an upper bound down
 * (devfreq_recommended_opp()), so the allowed OPPs are those from the
 * first at or above the minimum to the last at or below the maximum.
 * Should no OPP fit between them, the core ends at the OPP just below the
 * maximum (or the lowest), and so does the range.
 */
void gpugov_opp_allowed(const struct gpugov_dev *g,
			struct gpugov_opp_range *r)
{
	unsigned long min_hz, max_hz;
	u32 lo = 0, hi, nr = g->table.nr;

	lockdep_assert_held(&g->df->lock);
	devfreq_get_freq_range(g->df, &min_hz, &max_hz);
	while (lo + 1 < nr && g->opp_hz[lo] < min_hz)
		lo++;
	hi = nr - 1;
	while (hi && g->opp_hz[hi] > max_hz)
		hi--;
	r->lo = min(lo, hi);
	r->hi = hi;
}
