// SPDX-License-Identifier: GPL-2.0
/*
 * gpugov_profile.c - the `profile` knob: one word that sets the objective
 * and the tunables it reads together.
 *
 * A profile is not remembered as such: a device's profile is whichever
 * profile its objective and deadline tunables equal, else "custom".  So a
 * hand-written tunable that departs from the profile shows as custom, and
 * writing a profile's values by hand shows that profile, with no state
 * that could disagree with the tunables.  `balanced` is the defaults.
 */
#include "gpugov.h"

static const char *const gpugov_profile_names[GPUGOV_NR_PROFILE] = {
	[GPUGOV_PROFILE_BATTERY] = "battery",
	[GPUGOV_PROFILE_BALANCED] = "balanced",
	[GPUGOV_PROFILE_PERFORMANCE] = "performance",
};

/* The policy parameters of profile @id (all others at their defaults). */
static void gpugov_profile_params(u32 id, struct gpugov_policy_params *p)
{
	gpugov_policy_defaults(p);
	switch (id) {
	case GPUGOV_PROFILE_BATTERY:
		/*
		 * Let the predicted work fill the whole interval and run up
		 * to 10 % slower than at the top OPP: docs/governor.md has
		 * what that saves and costs in late frames.
		 */
		p->util_pct = 100;
		p->slack_pct = 10;
		break;
	case GPUGOV_PROFILE_PERFORMANCE:
		p->objective = GPUGOV_OBJ_PERFORMANCE;
		break;
	}
}

/**
 * gpugov_profile_apply() - set the fields a profile consists of
 * @p: parameters to change; the others (power model, hysteresis,
 *	`target`, ...) keep their values
 * @id: enum gpugov_profile, below GPUGOV_NR_PROFILE
 */
void gpugov_profile_apply(struct gpugov_policy_params *p, u32 id)
{
	struct gpugov_policy_params want;

	gpugov_profile_params(id, &want);
	p->objective = want.objective;
	p->util_pct = want.util_pct;
	p->util_max_pct = want.util_max_pct;
	p->slack_pct = want.slack_pct;
}

/**
 * gpugov_profile_of() - which profile @p is set to
 * @p: parameters
 *
 * Return: the enum gpugov_profile whose fields all equal @p's, or
 * GPUGOV_PROFILE_CUSTOM.
 */
u32 gpugov_profile_of(const struct gpugov_policy_params *p)
{
	struct gpugov_policy_params want;
	u32 id;

	for (id = 0; id < GPUGOV_NR_PROFILE; id++) {
		gpugov_profile_params(id, &want);
		if (p->objective == want.objective &&
		    p->util_pct == want.util_pct &&
		    p->util_max_pct == want.util_max_pct &&
		    p->slack_pct == want.slack_pct)
			return id;
	}
	return GPUGOV_PROFILE_CUSTOM;
}

/**
 * gpugov_profile_name() - name of a profile
 * @id: enum gpugov_profile
 *
 * Return: its name; "custom" for GPUGOV_PROFILE_CUSTOM and any other id.
 */
const char *gpugov_profile_name(u32 id)
{
	return id < GPUGOV_NR_PROFILE ? gpugov_profile_names[id] : "custom";
}

/**
 * gpugov_profile_find() - id of a profile name a user may write
 * @name: name, not necessarily NUL-terminated
 * @len: its length
 *
 * Return: the enum gpugov_profile, or -1 (also for "custom", which names
 * no values).
 */
int gpugov_profile_find(const char *name, size_t len)
{
	return gpugov_name_index(gpugov_profile_names, GPUGOV_NR_PROFILE, name,
				 len);
}
