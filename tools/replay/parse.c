// SPDX-License-Identifier: GPL-2.0
/*
 * parse.c - strict parsing of OPP lists, samples and policy options for
 * gpugov-replay (numbers: tools/common/strnum.c).  Nothing is accepted
 * partially: a malformed input is an error that names what and where, and
 * the output is then unspecified (callers exit).
 */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include "errfmt.h"
#include "gpugov_frame.h"
#include "lines.h"
#include "replay.h"

/*
 * One OPP: CORE_KHZ[@MEM_KHZ][:UV[:POWER_UW]], e.g. 500000:750000 or
 * 1000000@3500000:1000000:4000000.
 */
static int parse_opp(const char *s, size_t len, struct gpugov_opp *o)
{
	const char *end = s + len, *p = s;
	u32 *fields[] = { &o->uv, &o->power_uw };
	size_t f;
	const char *q;

	memset(o, 0, sizeof(*o));
	for (q = p; q < end && *q != '@' && *q != ':'; q++)
		;
	if (parse_u32(p, q - p, &o->core_khz))
		return -1;
	p = q;
	if (p < end && *p == '@') {
		for (q = ++p; q < end && *q != ':'; q++)
			;
		if (parse_u32(p, q - p, &o->mem_khz))
			return -1;
		p = q;
	}
	for (f = 0; f < 2 && p < end; f++) {
		for (q = ++p; q < end && *q != ':'; q++)
			;
		if (parse_u32(p, q - p, fields[f]))
			return -1;
		p = q;
	}
	return p == end ? 0 : -1;
}

int parse_opp_list(const char *list, struct gpugov_opp_table *t, char *err,
		   size_t errlen)
{
	const char *p = list;

	memset(t, 0, sizeof(*t));
	for (;;) {
		size_t len = strcspn(p, ",");

		if (t->nr == GPUGOV_MAX_OPPS) {
			snprintf(err, errlen, "more than %d OPPs", GPUGOV_MAX_OPPS);
			return -1;
		}
		if (parse_opp(p, len, &t->opp[t->nr])) {
			snprintf(err, errlen,
				 "OPP %u '%.*s': want CORE_KHZ[@MEM_KHZ][:UV[:POWER_UW]]",
				 t->nr + 1, (int)len, p);
			return -1;
		}
		t->nr++;
		if (!p[len])
			break;
		p += len + 1;
	}
	if (gpugov_opp_table_check(t)) {
		snprintf(err, errlen,
			 "OPPs must have non-zero clocks in ascending order, and power on all or none");
		return -1;
	}
	return 0;
}

#define FIELD(name, cap) { #name, offsetof(struct gpugov_sample, name), \
			   sizeof(((struct gpugov_sample *)0)->name), cap }

static const struct sample_field {
	const char *name;
	size_t off, size;
	u32 cap;
} sample_fields[] = {
	FIELD(interval_ns, 0),
	FIELD(busy_ns, 0),
	FIELD(core_khz, 0),
	FIELD(mem_khz, GPUGOV_CAP_MEM_KHZ),
	FIELD(insts, GPUGOV_CAP_INSTS),
	FIELD(load_stall_cyc, GPUGOV_CAP_LOAD_STALL),
	FIELD(store_stall_cyc, GPUGOV_CAP_STORE_STALL),
	FIELD(lcp_cyc, GPUGOV_CAP_LCP),
	FIELD(load_out_cyc, GPUGOV_CAP_LOAD_OUT),
	FIELD(lead_cyc, GPUGOV_CAP_LEAD),
	FIELD(crit_cyc, GPUGOV_CAP_CRIT),
	FIELD(dram_txn, GPUGOV_CAP_MEM_TXN),
	FIELD(l2_hits, GPUGOV_CAP_MEM_TXN),
	FIELD(l2_txn, GPUGOV_CAP_MEM_TXN),
	FIELD(gld_txn, GPUGOV_CAP_MEM_TXN),
	FIELD(gst_txn, GPUGOV_CAP_MEM_TXN),
	FIELD(mem_insts, GPUGOV_CAP_MEM_TXN),
	FIELD(shm_txn, GPUGOV_CAP_SHM_TXN),
	FIELD(warps, GPUGOV_CAP_WARPS),
	FIELD(occupancy_q16, GPUGOV_CAP_WARPS),
	FIELD(energy_uj, GPUGOV_CAP_ENERGY),
	FIELD(lcp_core_cyc, GPUGOV_CAP_LCP_PARTS),
	FIELD(lcp_wait_cyc, GPUGOV_CAP_LCP_PARTS),
	FIELD(l2_busy_cyc, GPUGOV_CAP_MEM_BUSY),
	FIELD(dram_busy_cyc, GPUGOV_CAP_MEM_BUSY),
};

/* FIELD=VALUE; setting a counter marks it (and its group) valid. */
int parse_sample_kv(const char *kv, size_t len, struct gpugov_sample *s,
		    char *err, size_t errlen)
{
	const char *eq = memchr(kv, '=', len);
	size_t i, nlen;
	u64 v;

	if (!eq) {
		snprintf(err, errlen, "'%.*s': want FIELD=VALUE", (int)len, kv);
		return -1;
	}
	nlen = eq - kv;
	for (i = 0; i < ARRAY_SIZE(sample_fields); i++) {
		const struct sample_field *f = &sample_fields[i];

		if (strlen(f->name) != nlen || memcmp(f->name, kv, nlen))
			continue;
		if (parse_u64(eq + 1, len - nlen - 1, &v) ||
		    (f->size == sizeof(u32) && v > U32_MAX)) {
			snprintf(err, errlen, "%s: '%.*s' is not a %s-bit unsigned number",
				 f->name, (int)(len - nlen - 1), eq + 1,
				 f->size == sizeof(u32) ? "32" : "64");
			return -1;
		}
		if (f->size == sizeof(u32))
			*(u32 *)((char *)s + f->off) = (u32)v;
		else
			*(u64 *)((char *)s + f->off) = v;
		s->caps |= f->cap;
		return 0;
	}
	snprintf(err, errlen, "unknown sample field '%.*s'", (int)nlen, kv);
	return -1;
}

/*
 * A file of FIELD=VALUE lines; blank lines and '#' comments are skipped.
 * Return: 0; EXIT_FAILURE_RUN if @path cannot be read, EXIT_USAGE if a
 * line is malformed (@err says which, with FILE:LINE).
 */
int parse_sample_file(const char *path, struct gpugov_sample *s, char *err,
		      size_t errlen)
{
	char msg[256];
	struct lines l;
	int rc = lines_open(&l, path), ret = 0;

	while (!rc && !ret && (rc = lines_next(&l)) > 0) {
		size_t len = strcspn(l.buf, "#");

		rc = 0;
		while (len && (l.buf[len - 1] == ' ' || l.buf[len - 1] == '\t'))
			len--;
		if (len && parse_sample_kv(l.buf, len, s, msg, sizeof(msg))) {
			gpugov_err_at(err, errlen, path, l.nr, "%s", msg);
			ret = EXIT_USAGE;
		}
	}
	if (rc < 0) {
		lines_error(&l, rc, err, errlen);
		ret = rc == LINES_ERR_NUL ? EXIT_USAGE : EXIT_FAILURE_RUN;
	}
	lines_close(&l);
	return ret;
}

static const struct policy_opt {
	const char *name;
	size_t off;
	u32 max;
	bool own;	/* one objective's own option */
	const char *help;
} policy_opts[] = {
	{ "max-slowdown", offsetof(struct gpugov_policy_params, max_slowdown_pct), 1000, true,
	  "energy: allowed slowdown vs the top OPP, % (default 5)" },
	{ "util", offsetof(struct gpugov_policy_params, util_pct), 100, true,
	  "deadline: share of the interval the work may fill, % (default 90)" },
	{ "util-max", offsetof(struct gpugov_policy_params, util_max_pct), 100, true,
	  "deadline: share steady work may fill at most, % (default 100)" },
	{ "slack", offsetof(struct gpugov_policy_params, slack_pct), 100, true,
	  "deadline: slowdown vs the top OPP always allowed, % (default 1)" },
	{ "hysteresis", offsetof(struct gpugov_policy_params, hysteresis_pct), 100, false,
	  "move only for a gain above this, % (default 0)" },
	{ "dyn-uw", offsetof(struct gpugov_policy_params, power.dyn_uw), U32_MAX, false,
	  "dynamic power at 1 V, 1 GHz, uW" },
	{ "static-uw", offsetof(struct gpugov_policy_params, power.static_uw), U32_MAX, false,
	  "static power at 1 V, uW" },
	{ "uncore-uw", offsetof(struct gpugov_policy_params, power.uncore_uw), U32_MAX, false,
	  "constant busy power of the rest of the GPU, uW" },
	{ "idle-uw", offsetof(struct gpugov_policy_params, power.idle_uw), U32_MAX, false,
	  "idle power for the rest of the interval, uW (default 0)" },
	{ "idle-static-uw", offsetof(struct gpugov_policy_params, power.idle_static_uw),
	  U32_MAX, false, "idle leakage at 1 V, uW: idle power = this * V + idle-uw (default 0)" },
};

/*
 * target: "N%" (1..100 percent of the maximum rate) or "N" work units/s,
 * in the range the sysfs attribute takes: 1..GPUGOV_GRAPE_TARGET_MAX
 */
static int parse_target(const char *val, struct gpugov_grape_params *g)
{
	size_t len = strlen(val);
	struct gpugov_grape_params n = *g;
	bool pct = len && val[len - 1] == '%';

	n.mode = pct ? GPUGOV_GRAPE_PCT : GPUGOV_GRAPE_ABS;
	if (parse_u64(val, len - pct, &n.target) || !gpugov_grape_params_ok(&n) ||
	    n.target > GPUGOV_GRAPE_TARGET_MAX)
		return -1;
	*g = n;
	return 0;
}

/*
 * Return: the objective called @name, or -1 if none: every objective the
 * kernel's sysfs `objective` takes, so that a recording's header replays.
 */
int parse_objective(const char *name)
{
	return gpugov_objective_find(name, strlen(name));
}

/**
 * policy_opt_accepts() - what policy option @name takes, for messages
 * @name: the option, without "--"
 * @buf: out
 * @len: its size
 *
 * Return: @buf, or NULL if @name is not a policy option.
 */
const char *policy_opt_accepts(const char *name, char *buf, size_t len)
{
	size_t i;

	if (!strcmp(name, "target")) {
		snprintf(buf, len, "N%% for N = 1..100, or N work units/s for N = 1..%u",
			 GPUGOV_GRAPE_TARGET_MAX);
		return buf;
	}
	for (i = 0; i < ARRAY_SIZE(policy_opts); i++) {
		if (!strcmp(name, policy_opts[i].name)) {
			snprintf(buf, len, "0..%u", policy_opts[i].max);
			return buf;
		}
	}
	return NULL;
}

/*
 * The real-time options, as sysfs takes them: react off|timer|frame|fence
 * (and poll, the replay's only), and
 * frame-period-us 0 (unknown) or GPUGOV_FRAME_HINT_MIN_US..MAX_US.
 * Return: 1 if @name is neither, 0 if set, -1 if bad value.
 */
static int parse_realtime_opt(const char *name, const char *val,
			      struct gpugov_policy_params *p)
{
	int id;
	u32 v;

	if (!strcmp(name, "react")) {
		id = gpugov_react_find(val, strlen(val));
		if (id < 0)
			return -1;
		p->react = id;
		return 0;
	}
	if (strcmp(name, "frame-period-us"))
		return 1;
	if (parse_u32(val, strlen(val), &v) ||
	    (v && (v < GPUGOV_FRAME_HINT_MIN_US || v > GPUGOV_FRAME_HINT_MAX_US)))
		return -1;
	p->frame_period_us = v;
	return 0;
}

/* Return: 1 if @name is not a policy option, 0 if set, -1 if bad value. */
int parse_policy_opt(const char *name, const char *val,
		     struct gpugov_policy_params *p)
{
	size_t i;
	u32 v;
	int ret;

	if (!strcmp(name, "target"))
		return parse_target(val, &p->grape);
	ret = parse_realtime_opt(name, val, p);
	if (ret <= 0)
		return ret;
	for (i = 0; i < ARRAY_SIZE(policy_opts); i++) {
		if (strcmp(name, policy_opts[i].name))
			continue;
		if (parse_u32(val, strlen(val), &v) || v > policy_opts[i].max)
			return -1;
		*(u32 *)((char *)p + policy_opts[i].off) = v;
		return 0;
	}
	return 1;
}

/* @all: also the options of one objective (POLICY_LONG_OPTS) */
void print_policy_opts_help(FILE *f, bool all)
{
	size_t i;

	if (all) {
		fprintf(f, "  --%-14s N%% or N  target: N%% of the maximum work rate, or N work units/s (1..%u)\n",
			"target", GPUGOV_GRAPE_TARGET_MAX);
		fprintf(f, "  --%-14s off|timer|frame|fence|poll  deadline: decide between polls by\n"
			"      gpugov's timer or a shorter polling interval (default fence)\n", "react");
		fprintf(f, "  --%-14s N  deadline: the frame period, us (%u..%u; 0 unknown, default)\n",
			"frame-period-us", GPUGOV_FRAME_HINT_MIN_US, GPUGOV_FRAME_HINT_MAX_US);
	}
	for (i = 0; i < ARRAY_SIZE(policy_opts); i++)
		if (all || !policy_opts[i].own)
			fprintf(f, "  --%-14s N  %s\n", policy_opts[i].name,
				policy_opts[i].help);
}
