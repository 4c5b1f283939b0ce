// SPDX-License-Identifier: GPL-2.0
/*
 * fuzz_policy_range.c - libFuzzer target: the policy as the governor runs
 * it over time, with the allowed OPP range and the tunables changing
 * between polls (predictors/, gpugov_decide_in(); the tunables through
 * the replay options' checks, tools/replay/parse.c).
 *
 * One input is one device: a configuration, an OPP table and the first
 * model wanted (policy_input.c, as the `policy` target), then up to
 * MAX_STEPS polls.  Before each, the input may retune: a policy option by
 * name with a value written as a user would (parse_policy_opt(): digits,
 * a sign, a blank, a '%', out of range), the objective, the model, the
 * core+memory model's GPU, a PCSTALL geometry; as the sysfs stores do, a
 * new objective `target` or a new kind of target starts GRAPE's
 * controller afresh.  Each poll then has an allowed range, any pair of
 * indices (the governor's may lie beyond a table that shrank, or be
 * inverted while QoS requests change), and a sample.  Checks: a value
 * refused changes nothing; the range used is the one given brought into
 * the table; the chosen OPP, and the best, lie in it; nothing traps or
 * is undefined.
 */
#include <stdio.h>
#include <string.h>

#include "policy_input.h"
#include "replay.h"

#define MAX_STEPS	256

/* parse_policy_opt()'s names; "target" takes N or N% */
static const char *const policy_opts[] = {
	"max-slowdown", "util", "util-max", "slack", "hysteresis", "dyn-uw",
	"static-uw", "uncore-uw", "idle-uw", "idle-static-uw", "target",
};

enum retune {
	RETUNE_OPTION,
	RETUNE_OBJECTIVE,
	RETUNE_PREDICTOR,
	RETUNE_COREMEM_GPU,
	RETUNE_PCSTALL,
	NR_RETUNE,
};

struct device {
	struct gpugov_policy_params p;
	struct gpugov_policy_state ps;
	struct gpugov_pred_state st;
	enum gpugov_pred_id wanted;
};

/* A value as typed: a number biased to the edges, maybe signed or blank. */
static void value_text(struct fuzz_bytes *b, char *buf, size_t len)
{
	static const char *const before[] = { "", "", "", " ", "+", "-", "0x" };
	u8 form = fuzz_u8(b);
	unsigned long long v = fuzz_edgy_u64(b);

	if (form == 0xff) {
		buf[0] = '\0';
		return;
	}
	snprintf(buf, len, "%s%llu%s", before[form % ARRAY_SIZE(before)], v,
		 form & 0x80 ? "%" : "");
}

static void retune_option(struct fuzz_bytes *b, struct device *dev)
{
	const char *name = policy_opts[fuzz_u8(b) % ARRAY_SIZE(policy_opts)];
	struct gpugov_policy_params before;
	char val[40];
	int rc;

	value_text(b, val, sizeof(val));
	memcpy(&before, &dev->p, sizeof(before));
	rc = parse_policy_opt(name, val, &dev->p);
	FUZZ_CHECK(rc == 0 || rc == -1);
	if (rc) {
		FUZZ_CHECK(!memcmp(&before, &dev->p, sizeof(before)));
		return;
	}
	FUZZ_CHECK(gpugov_grape_params_ok(&dev->p.grape));
	/* target_store(): a new kind of goal is a new controller */
	if (dev->p.grape.mode != before.grape.mode)
		dev->ps.grape_ready = false;
}

static void retune_pcstall(struct fuzz_bytes *b, struct device *dev)
{
	struct gpugov_pcstall_params par = dev->st.pcstall.par, before = par;
	u32 *field[] = { &par.entries, &par.shift, &par.age_half };

	*field[fuzz_u8(b) % ARRAY_SIZE(field)] = (u32)fuzz_edgy_u64(b);
	if (gpugov_pcstall_set_params(&dev->st.pcstall, &par))
		FUZZ_CHECK(!memcmp(&dev->st.pcstall.par, &before, sizeof(before)));
}

static void retune(struct fuzz_bytes *b, struct device *dev)
{
	u32 id;

	switch (fuzz_u8(b) % NR_RETUNE) {
	case RETUNE_OPTION:
		retune_option(b, dev);
		break;
	case RETUNE_OBJECTIVE:	/* the sysfs store's switching rule */
		id = fuzz_u8(b) % GPUGOV_NR_OBJ;
		if (id == GPUGOV_OBJ_TARGET && dev->p.objective != id)
			dev->ps.grape_ready = false;
		dev->p.objective = id;
		break;
	case RETUNE_PREDICTOR:
		dev->wanted = fuzz_u8(b) % GPUGOV_NR_PRED;
		break;
	case RETUNE_COREMEM_GPU:
		id = fuzz_u8(b) % GPUGOV_CM_NR_GPUS;
		dev->st.coremem = gpugov_coremem_gpu(id)->p;
		dev->st.coremem_gpu = id;
		break;
	default:
		retune_pcstall(b, dev);
	}
}

static void check_decision(const struct gpugov_decision *d,
			   const struct gpugov_opp_table *t,
			   const struct gpugov_opp_range *r)
{
	u32 hi = min_t(u32, r->hi, t->nr - 1);

	FUZZ_CHECK(d->hi == hi && d->lo == min_t(u32, r->lo, hi));
	FUZZ_CHECK(d->lo <= d->chosen && d->chosen <= d->hi);
	FUZZ_CHECK(d->lo <= d->best && d->best <= d->hi);
	FUZZ_CHECK(d->cur < t->nr);
	FUZZ_CHECK(d->reason < GPUGOV_NR_REASON);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct device dev;
	static struct gpugov_sample s;
	static struct gpugov_decision d;
	struct fuzz_bytes b = { data, size };
	struct gpugov_opp_range r;
	struct gpugov_opp_table t;
	enum gpugov_pred_id used;
	int step;

	if (policy_input_device(&b, &dev.p, &dev.st, &dev.wanted, &t))
		return 0;
	gpugov_policy_state_init(&dev.ps);
	for (step = 0; step < MAX_STEPS && b.left; step++) {
		u8 ctl = fuzz_u8(&b);

		if (ctl & 1)
			retune(&b, &dev);
		if (ctl == 0xff)	/* resume: work in flight is forgotten */
			gpugov_policy_restart(&dev.ps);
		/* a few indices past the table too */
		r.lo = fuzz_u8(&b) % (t.nr + 4);
		r.hi = ctl & 2 ? fuzz_u8(&b) % (t.nr + 4) : t.nr - 1;
		policy_input_sample(&b, &t, &s);
		gpugov_pred_observe(&dev.st, &s);
		used = gpugov_decision_predict(&dev.st, dev.wanted, &s, &t, &d);
		FUZZ_CHECK(used < GPUGOV_NR_PRED);
		gpugov_decide_in(&dev.p, &dev.ps, &t, &r, &s, &d);
		check_decision(&d, &t, &r);
	}
	return 0;
}
