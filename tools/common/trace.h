/* SPDX-License-Identifier: GPL-2.0 */
/*
 * trace.h - trace format v1: the one reader/writer every gpugov tool uses.
 *
 * A trace is line-oriented text (docs/trace-format.md): a versioned header
 * (device, OPP table, trace kind, interval kind and size, column names),
 * then records.  Two kinds:
 *   - sample traces: what a governor saw, one record per interval, each at
 *     the OPP that was in force;
 *   - sweep traces: ground truth, every work segment (or time epoch)
 *     measured at every OPP of the table.
 * Every record carries a struct gpugov_sample (the counters of DESIGN.md
 * section 2, per-wave records included) and the interval's energy in pJ.
 *
 * Two ways to read: gpugov_trace_load() puts a whole trace in memory
 * (sweep traces are then indexed by segment and OPP), or the streaming
 * reader returns one record at a time.  Errors are reported as
 * "file:line: message" in a caller-supplied buffer.
 *
 * In memory, a record keeps only the waves it has: a trace without waves
 * costs about 200 bytes a record, not sizeof(struct gpugov_trace_rec).
 */
#ifndef GPUGOV_TRACE_H
#define GPUGOV_TRACE_H

#include <stdbool.h>
#include <stdio.h>
#include "gpugov_sample.h"

#define GPUGOV_TRACE_VERSION	1
#define GPUGOV_TRACE_NAME_MAX	64
#define GPUGOV_TRACE_SOURCE_MAX	256
#define GPUGOV_TRACE_OPTIONS_MAX	1024
#define GPUGOV_TRACE_ERR_MAX	512

enum gpugov_trace_kind {
	GPUGOV_TRACE_SAMPLE,	/* one record per interval, one OPP each */
	GPUGOV_TRACE_SWEEP,	/* every segment at every OPP */
};

enum gpugov_interval_kind {
	GPUGOV_INTERVAL_SEGMENT,	/* fixed instruction count: size = insts */
	GPUGOV_INTERVAL_EPOCH,		/* fixed time: size = ns */
	GPUGOV_INTERVAL_POLL,		/* governor polling period: size = ns */
};

/**
 * struct gpugov_trace_hdr - everything before the first record
 * @version: format version read (the writer always writes v1)
 * @kind: sample or sweep trace
 * @interval: how intervals were cut
 * @interval_size: instructions per segment, or ns per epoch/poll
 * @caps: GPUGOV_CAP_* of the counters the records carry; the writer
 *	writes exactly these columns, the reader sets the bits of the
 *	columns it found
 * @device: device name (no spaces)
 * @source: free text: what produced the trace (tool, workload, seed)
 * @replay_options: header key replay-options: the gpugov-replay options
 *	that reproduce the tunables the trace was recorded with (gpugov-trace
 *	--record), empty if the trace has none; kept as text, the tools
 *	that take the options parse them
 * @coremem_gpu: header key coremem-gpu: name of the GPU description the
 *	core+memory model should use (empty if the trace names none); the
 *	reader checks only that it is one word, the tools look it up
 * @domain_sm, @domain_count: header key "domain sm ID COUNT": the records
 *	are those of one SM (core) ID of the device's COUNT, the per-SM
 *	traces of gpugov-sim sweep --per-sm; @domain_count 0 (no key): the
 *	whole device
 * @allowed: the records carry the allowed_lo and allowed_hi columns (the
 *	writer writes them if set; the reader sets it if both are there)
 * @opps: the device's OPP table, ascending
 */
struct gpugov_trace_hdr {
	u32 version;
	enum gpugov_trace_kind kind;
	enum gpugov_interval_kind interval;
	u64 interval_size;
	u32 caps;
	char device[GPUGOV_TRACE_NAME_MAX];
	char source[GPUGOV_TRACE_SOURCE_MAX];
	char replay_options[GPUGOV_TRACE_OPTIONS_MAX];
	char coremem_gpu[GPUGOV_TRACE_NAME_MAX];
	u32 domain_sm;
	u32 domain_count;
	bool allowed;
	struct gpugov_opp_table opps;
};

/**
 * struct gpugov_trace_rec - one record
 * @seg: segment/epoch index (sweep) or interval sequence number (sample)
 * @opp: index into the header's OPP table of the OPP the interval ran at
 * @allowed_lo: sample traces: lowest OPP index the device allowed when
 *	the decision after this interval was made (thermal cap, PM QoS,
 *	sysfs min/max_freq); 0 if the trace has no allowed columns
 * @allowed_hi: the highest; the table's last OPP if the trace has no
 *	allowed columns
 * @energy_pj: energy of the interval in pJ (0 if unknown); the sample's
 *	energy_uj is the same value in uJ, kept for drivers' meters
 * @s: the counters
 */
struct gpugov_trace_rec {
	u32 seg;
	u32 opp;
	u32 allowed_lo;
	u32 allowed_hi;
	u64 energy_pj;
	struct gpugov_sample s;
};

struct gpugov_trace_chunk;

/**
 * struct gpugov_trace - a whole trace in memory
 * @hdr: the header
 * @nr_rec: records; gpugov_trace_rec_at() returns them in file order (a
 *	sweep trace's by segment, then OPP, so record (seg, opp) is number
 *	seg * hdr.opps.nr + opp, which gpugov_trace_sweep_at() looks up)
 * @nr_seg: sweep traces: number of segments
 * @recs, @chunks: private (the record index and the storage behind it)
 *
 * The records are stored compactly: each is a struct gpugov_trace_rec
 * cut after its s.nr_waves waves.  A record the lookups return reads like
 * a full one - its fields, waves[0 .. nr_waves), even a copy of the whole
 * struct (storage always extends far enough; the bytes past its own waves
 * are other records' or zero) - but is read-only.
 */
struct gpugov_trace {
	struct gpugov_trace_hdr hdr;
	u32 nr_rec;
	u32 nr_seg;
	const struct gpugov_trace_rec **recs;
	struct gpugov_trace_chunk *chunks;
};

/* ---- streaming reader ---- */

struct gpugov_trace_col;

/**
 * struct gpugov_trace_reader - state of a streaming read
 * @hdr: the header, valid after gpugov_trace_open() succeeds
 * @err: last error as "file:line: message"
 * The other fields are private.
 */
struct gpugov_trace_reader {
	struct gpugov_trace_hdr hdr;
	char err[GPUGOV_TRACE_ERR_MAX];
	FILE *f;
	const char *path;
	unsigned long line;
	int owns_file;
	u32 nr_col;
	const struct gpugov_trace_col **col;	/* NULL: unknown, ignored */
	u32 nr_wcol;
	int *wcol;				/* wave field index or -1 */
	char *buf;
	size_t bufsz;
	int have_pending;			/* a record line was read ahead */
	struct gpugov_trace_rec pending;
	u32 seq;
};

int gpugov_trace_open(struct gpugov_trace_reader *r, const char *path);
int gpugov_trace_open_file(struct gpugov_trace_reader *r, FILE *f,
			   const char *name);
int gpugov_trace_next(struct gpugov_trace_reader *r,
		      struct gpugov_trace_rec *rec);
void gpugov_trace_close(struct gpugov_trace_reader *r);

/* ---- whole-trace reader ---- */

int gpugov_trace_load(const char *path, struct gpugov_trace *t, char *err,
		      size_t errlen);
int gpugov_trace_load_file(FILE *f, const char *name, struct gpugov_trace *t,
			   char *err, size_t errlen);
const struct gpugov_trace_rec *
gpugov_trace_rec_at(const struct gpugov_trace *t, u32 i);
const struct gpugov_trace_rec *
gpugov_trace_sweep_at(const struct gpugov_trace *t, u32 seg, u32 opp);
void gpugov_trace_free(struct gpugov_trace *t);

/* ---- writer ---- */

void gpugov_trace_cap_columns(u32 caps, char *buf, size_t len);
void gpugov_trace_hdr_init(struct gpugov_trace_hdr *h,
			   enum gpugov_trace_kind kind,
			   enum gpugov_interval_kind interval, u64 size);
int gpugov_trace_write_header(FILE *f, const struct gpugov_trace_hdr *h);
int gpugov_trace_write_rec(FILE *f, const struct gpugov_trace_hdr *h,
			   const struct gpugov_trace_rec *rec);

/* ---- names ---- */

const char *gpugov_trace_kind_name(enum gpugov_trace_kind k);
const char *gpugov_interval_kind_name(enum gpugov_interval_kind k);

#endif /* GPUGOV_TRACE_H */
