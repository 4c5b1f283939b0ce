// SPDX-License-Identifier: GPL-2.0
/*
 * trace_record.c - write what the gpugov_sample tracepoint saw on one
 * device as a v1 sample trace.
 *
 * The header is written before tracing starts: the device's OPP table as
 * the governor's models see it (debugfs opps: kHz, uV, power; the governor
 * has no memory clock per OPP), the polling period, and in replay-options
 * the gpugov-replay options that match every tunable of the device at
 * that moment (tools/common/replay_tunables.c).  Each record is one
 * sample; its OPP is the one nearest to the sample's clocks, as the
 * governor's own decision computes the OPP in force, and its allowed
 * columns the OPPs the decision on it could choose from.
 * `gpugov-replay run` then decides on every record within those OPPs and
 * compares with the next record's OPP.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "replay_tunables.h"
#include "trace_record.h"
#include "trace_sysfs.h"

/* The table in /sys/kernel/debug/gpugov/<dev>/opps. */
static int read_opps(const char *dev, struct gpugov_opp_table *t, char *err,
		     size_t errlen)
{
	char path[256], buf[8192], *line, *save;
	int n;

	snprintf(path, sizeof(path), GT_DEBUGFS "/%s/opps", dev);
	n = gt_read_file(path, buf, sizeof(buf));
	if (n < 0) {
		snprintf(err, errlen, "%s: %s%s", path, strerror(-n),
			 n == -ENOENT ? gt_debugfs_why(dev) : "");
		return -1;
	}
	memset(t, 0, sizeof(*t));
	/* The first line names the columns. */
	line = strtok_r(buf, "\n", &save);
	while ((line = strtok_r(NULL, "\n", &save))) {
		unsigned int idx, khz, uv, uw;

		if (sscanf(line, "%u %u %u %u", &idx, &khz, &uv, &uw) != 4 ||
		    idx != t->nr || t->nr >= GPUGOV_MAX_OPPS) {
			snprintf(err, errlen, "%s: unexpected line '%s'", path, line);
			return -1;
		}
		t->opp[t->nr].core_khz = khz;
		t->opp[t->nr].uv = uv;
		t->opp[t->nr].power_uw = uw;
		t->nr++;
	}
	if (gpugov_opp_table_check(t)) {
		snprintf(err, errlen, "%s: not a valid OPP table", path);
		return -1;
	}
	return 0;
}

/* The polling period in ns, 0 if unknown. */
static u64 polling_ns(const char *dev)
{
	char path[256], val[32];

	snprintf(path, sizeof(path), GT_DEVFREQ "/%s/polling_interval", dev);
	if (gt_read_word(path, val, sizeof(val)))
		return 0;
	return strtoull(val, NULL, 10) * 1000000ULL;
}

/**
 * gt_record_open() - create @path and write the header for device @dev
 * @r: out
 * @path: trace file
 * @dev: device running gpugov
 * @err: out, message on failure
 * @errlen: size of @err
 *
 * Return: 0, or -1 with @err set.
 */
int gt_record_open(struct gt_recorder *r, const char *path, const char *dev,
		   char *err, size_t errlen)
{
	struct gpugov_trace_hdr *h = &r->hdr;
	char dir[256];

	memset(r, 0, sizeof(*r));
	r->path = path;
	gpugov_trace_hdr_init(h, GPUGOV_TRACE_SAMPLE, GPUGOV_INTERVAL_POLL,
			      polling_ns(dev));
	if (strlen(dev) >= sizeof(h->device)) {
		snprintf(err, errlen, "device name too long: %s", dev);
		return -1;
	}
	strcpy(h->device, dev);
	if (read_opps(dev, &h->opps, err, errlen))
		return -1;
	snprintf(h->source, sizeof(h->source), "gpugov-trace on %s", dev);
	snprintf(dir, sizeof(dir), GT_DEVFREQ "/%s/gpugov", dev);
	if (replay_tunables_options(dir, h->replay_options,
				    sizeof(h->replay_options), err, errlen))
		return -1;
	/* Every counter column; each record's caps says which are valid. */
	h->caps = GPUGOV_CAP_ALL;
	h->allowed = true;
	r->f = fopen(path, "w");
	if (!r->f) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return -1;
	}
	if (gpugov_trace_write_header(r->f, h) || fflush(r->f)) {
		snprintf(err, errlen, "%s: cannot write the header", path);
		fclose(r->f);
		r->f = NULL;
		return -1;
	}
	return 0;
}

/**
 * gt_record_sample() - append one sample
 * @r: the recording
 * @s: the sample as the tracepoint saw it
 * @d: the decision made on it
 *
 * Return: 0, or -1 on a write error.
 */
int gt_record_sample(struct gt_recorder *r, const struct gpugov_sample *s,
		     const struct gt_decision *d)
{
	static struct gpugov_trace_rec rec;

	rec.s = *s;
	if (rec.s.nr_waves > GPUGOV_MAX_WAVES)
		rec.s.nr_waves = GPUGOV_MAX_WAVES;
	rec.seg = (u32)r->records;
	rec.opp = gpugov_opp_nearest(&r->hdr.opps, s->core_khz, s->mem_khz);
	rec.allowed_lo = d->allowed_lo;
	rec.allowed_hi = d->allowed_hi;
	/* The same energy, at the resolution the driver measured it. */
	rec.energy_pj = s->energy_uj * 1000000ULL;
	if (gpugov_trace_write_rec(r->f, &r->hdr, &rec))
		return -1;
	r->records++;
	return 0;
}

/**
 * gt_record_close() - flush and close
 * @r: the recording
 *
 * Return: 0, or -1 if anything failed to reach the file.
 */
int gt_record_close(struct gt_recorder *r)
{
	int err;

	if (!r->f)
		return 0;
	err = ferror(r->f) | fclose(r->f);
	r->f = NULL;
	return err ? -1 : 0;
}
