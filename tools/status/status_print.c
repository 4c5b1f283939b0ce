// SPDX-License-Identifier: GPL-2.0
/*
 * status_print.c - one screen per device, or all devices as JSON.
 */
#include <stdlib.h>
#include <string.h>

#include "json.h"
#include "status.h"

#define MAX_DIFFS	ST_KV_MAX

static const char *or_unknown(const char *s)
{
	return s && *s ? s : "?";
}

static unsigned long long num(const char *s)
{
	return s ? strtoull(s, NULL, 10) : 0;
}

/* kHz of a frequency file in Hz ("?" when it is missing). */
static void khz(const struct st_dev *d, const char *file, char *buf, size_t len)
{
	const char *v = st_get(&d->dev, file);

	if (v && *v)
		snprintf(buf, len, "%llu kHz", num(v) / 1000);
	else
		snprintf(buf, len, "?");
}

/* The OPP table from debugfs: in force (>), chosen (*), allowed range. */
static void print_opps(FILE *f, const struct st_dev *d)
{
	const char *ok = st_get(&d->decision, "valid");
	bool valid = ok && !strcmp(ok, "1");
	unsigned long long cur = num(st_get(&d->decision, "cur"));
	unsigned long long chosen = num(st_get(&d->decision, "chosen"));
	unsigned long long lo = num(st_get(&d->decision, "allowed_lo"));
	unsigned long long hi = num(st_get(&d->decision, "allowed_hi"));
	int i;

	fprintf(f, "  OPPs            (> in force, * chosen at the last poll)\n");
	fprintf(f, "        %-3s %10s %9s %10s  %s\n", "#", "kHz", "uV", "power_uW",
		"allowed");
	for (i = 0; i < d->nr_opps; i++)
		fprintf(f, "     %c%c %-3d %10llu %9llu %10llu  %s\n",
			valid && cur == (unsigned long long)i ? '>' : ' ',
			valid && chosen == (unsigned long long)i ? '*' : ' ', i,
			d->opps[i].khz, d->opps[i].uv, d->opps[i].power_uw,
			!valid ? "?" : (unsigned long long)i >= lo &&
			(unsigned long long)i <= hi ? "yes" : "no");
}

static void print_gpugov(FILE *f, const struct st_dev *d)
{
	struct st_diff diffs[MAX_DIFFS];
	const struct st_kvs *dec = &d->decision;
	char why[768];
	int n, i;

	fprintf(f, "  profile         %s\n", or_unknown(st_get(&d->tun, "profile")));
	fprintf(f, "  power model     %s\n", or_unknown(st_get(&d->tun, "power_model")));
	if (!d->debugfs) {
		fprintf(f, "  model           %s configured (in use: unknown)\n",
			or_unknown(st_get(&d->tun, "predictor")));
		fprintf(f, "  objective       %s\n", or_unknown(st_get(&d->tun, "objective")));
		fprintf(f, "  debugfs         not readable: the model in use, the OPP table and the\n"
			"                  decisions need /sys/kernel/debug (mount -t debugfs none /sys/kernel/debug)\n");
	} else {
		st_fallback_why(d, why, sizeof(why));
		fprintf(f, "  model           %s in use, %s configured%s%s\n",
			or_unknown(st_get(dec, "predictor_used")),
			or_unknown(st_get(dec, "predictor")),
			why[0] ? ": fallback, " : "", why);
		fprintf(f, "  objective       %s\n", or_unknown(st_get(dec, "objective")));
		fprintf(f, "  deadline source %s (react %s, frame period %s ns, learned %s ns)\n",
			or_unknown(st_get(dec, "deadline_source")),
			or_unknown(st_get(dec, "react")),
			or_unknown(st_get(dec, "frame_period_ns")),
			or_unknown(st_get(dec, "learned_period_ns")));
		print_opps(f, d);
		if (strcmp(or_unknown(st_get(dec, "valid")), "1"))
			fprintf(f, "  last decision   none yet\n");
		else
			fprintf(f, "  last decision   OPP %s (%s kHz), best %s, reason %s%s\n",
				or_unknown(st_get(dec, "chosen")),
				or_unknown(st_get(dec, "chosen_khz")),
				or_unknown(st_get(dec, "best")),
				or_unknown(st_get(dec, "reason")),
				strcmp(or_unknown(st_get(dec, "bounded")), "1") ? "" :
				", times are upper bounds");
		fprintf(f, "  decisions       %s, fallbacks %s, source samples %s, errors %s, latency max %s ns\n",
			or_unknown(st_get(&d->stats, "decisions")),
			or_unknown(st_get(&d->stats, "fallbacks")),
			or_unknown(st_get(&d->stats, "source_samples")),
			or_unknown(st_get(&d->stats, "errors")),
			or_unknown(st_get(&d->stats, "latency_max_ns")));
	}
	n = st_diffs(d, diffs, MAX_DIFFS);
	if (!n) {
		fprintf(f, "  tunables        all at their defaults\n");
		return;
	}
	fprintf(f, "  tunables        not at their defaults:\n");
	for (i = 0; i < n; i++)
		fprintf(f, "                  %s = %s (default %s)\n", diffs[i].key,
			diffs[i].val, diffs[i].def);
}

void st_print_text(FILE *f, const struct st_dev *d)
{
	const char *gov = or_unknown(st_get(&d->dev, "governor"));
	char cur[32], lo[32], hi[32];

	khz(d, "cur_freq", cur, sizeof(cur));
	khz(d, "min_freq", lo, sizeof(lo));
	khz(d, "max_freq", hi, sizeof(hi));
	fprintf(f, "%s\n", d->name);
	fprintf(f, "  driver          %s\n", or_unknown(d->driver));
	fprintf(f, "  governor        %s\n", gov);
	fprintf(f, "  clock           %s (allowed %s to %s; polling %s ms)\n", cur, lo,
		hi, or_unknown(st_get(&d->dev, "polling_interval")));
	if (d->gpugov) {
		print_gpugov(f, d);
	} else {
		fprintf(f, "  frequencies     %s (Hz)\n",
			or_unknown(st_get(&d->dev, "available_frequencies")));
		fprintf(f, "  gpugov          not governing this device%s\n",
			strstr(or_unknown(st_get(&d->dev, "available_governors")), "gpugov") ?
			"" : " (not loaded: modprobe gpugov)");
	}
}

/* A file's value: a number when it is a plain decimal one, else a string. */
static void json_val(FILE *f, const char *s)
{
	size_t n = strspn(s, "0123456789");

	if (n && n == strlen(s) && n < 20 && (s[0] != '0' || n == 1))
		fputs(s, f);
	else
		json_string(s, f);
}

static void json_kvs(FILE *f, const char *name, const struct st_kvs *s)
{
	int i;

	fprintf(f, ",\n   ");
	json_string(name, f);
	fputs(": {", f);
	for (i = 0; i < s->n; i++) {
		fputs(i ? ", " : "", f);
		json_string(s->kv[i].key, f);
		fputs(": ", f);
		json_val(f, s->kv[i].val);
	}
	fputc('}', f);
}

static void json_dev(FILE *f, const struct st_dev *d)
{
	struct st_diff diffs[MAX_DIFFS];
	char why[768];
	int i, n;

	fputs("  {\"name\": ", f);
	json_string(d->name, f);
	fputs(", \"driver\": ", f);
	json_string(d->driver, f);
	fprintf(f, ", \"gpugov\": %s, \"debugfs\": %s", d->gpugov ? "true" : "false",
		d->debugfs ? "true" : "false");
	json_kvs(f, "devfreq", &d->dev);
	if (!d->gpugov) {
		fputs("}", f);
		return;
	}
	json_kvs(f, "tunables", &d->tun);
	fputs(",\n   \"not_default\": {", f);
	n = st_diffs(d, diffs, MAX_DIFFS);
	for (i = 0; i < n; i++) {
		fputs(i ? ", " : "", f);
		json_string(diffs[i].key, f);
		fputs(": {\"value\": ", f);
		json_val(f, diffs[i].val);
		fputs(", \"default\": ", f);
		json_val(f, diffs[i].def);
		fputc('}', f);
	}
	fputc('}', f);
	json_kvs(f, "decision", &d->decision);
	json_kvs(f, "stats", &d->stats);
	json_kvs(f, "sample", &d->sample);
	st_fallback_why(d, why, sizeof(why));
	fputs(",\n   \"fallback_why\": ", f);
	json_string(why, f);
	fputs(",\n   \"opps\": [", f);
	for (i = 0; i < d->nr_opps; i++)
		fprintf(f, "%s{\"khz\": %llu, \"uv\": %llu, \"power_uw\": %llu}",
			i ? ", " : "", d->opps[i].khz, d->opps[i].uv, d->opps[i].power_uw);
	fputs("]}", f);
}

void st_print_json(FILE *f, const struct st_dev *devs, int n)
{
	int i;

	fputs("{\"devices\": [\n", f);
	for (i = 0; i < n; i++) {
		json_dev(f, &devs[i]);
		fputs(i + 1 < n ? ",\n" : "\n", f);
	}
	fputs("]}\n", f);
}
