// SPDX-License-Identifier: GPL-2.0
/*
 * trace.c - trace format v1 reader and writer (docs/trace-format.md).
 *
 * Columns are named in the header, so a reader maps each column of a
 * record line to a field through the table below; a column it does not
 * know is skipped (forward compatibility), a field whose column is absent
 * stays zero and its capability bit stays clear.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "errfmt.h"
#include "strnum.h"
#include "trace.h"

enum col_where {
	COL_REC_U32,	/* struct gpugov_trace_rec u32 field */
	COL_REC_U64,	/* struct gpugov_trace_rec u64 field */
	COL_S_U32,	/* struct gpugov_sample u32 field */
	COL_S_U64,	/* struct gpugov_sample u64 field */
	COL_CAPS,	/* the record's capability mask, written in hex */
};

struct gpugov_trace_col {
	const char *name;
	enum col_where where;
	size_t off;
	u32 cap;	/* capability the column carries; 0: always written */
	bool allowed;	/* an allowed-range column: written if hdr.allowed */
};

#define REC(f, w, c) { #f, w, offsetof(struct gpugov_trace_rec, f), c, false }
#define SMP(f, w, c) { #f, w, offsetof(struct gpugov_sample, f), c, false }
#define ALLOWED(f) { #f, COL_REC_U32, offsetof(struct gpugov_trace_rec, f), 0, true }

/* Column order of the writer; the reader accepts any order. */
static const struct gpugov_trace_col cols[] = {
	REC(seg, COL_REC_U32, 0),
	REC(opp, COL_REC_U32, 0),
	SMP(interval_ns, COL_S_U64, 0),
	SMP(busy_ns, COL_S_U64, 0),
	SMP(core_khz, COL_S_U32, 0),
	SMP(mem_khz, COL_S_U32, GPUGOV_CAP_MEM_KHZ),
	{ "caps", COL_CAPS, 0, 0, false },
	SMP(insts, COL_S_U64, GPUGOV_CAP_INSTS),
	SMP(load_stall_cyc, COL_S_U64, GPUGOV_CAP_LOAD_STALL),
	SMP(store_stall_cyc, COL_S_U64, GPUGOV_CAP_STORE_STALL),
	SMP(lcp_cyc, COL_S_U64, GPUGOV_CAP_LCP),
	SMP(load_out_cyc, COL_S_U64, GPUGOV_CAP_LOAD_OUT),
	SMP(lead_cyc, COL_S_U64, GPUGOV_CAP_LEAD),
	SMP(crit_cyc, COL_S_U64, GPUGOV_CAP_CRIT),
	SMP(dram_txn, COL_S_U64, GPUGOV_CAP_MEM_TXN),
	SMP(l2_hits, COL_S_U64, GPUGOV_CAP_MEM_TXN),
	SMP(l2_txn, COL_S_U64, GPUGOV_CAP_MEM_TXN),
	SMP(gld_txn, COL_S_U64, GPUGOV_CAP_MEM_TXN),
	SMP(gst_txn, COL_S_U64, GPUGOV_CAP_MEM_TXN),
	SMP(mem_insts, COL_S_U64, GPUGOV_CAP_MEM_TXN),
	SMP(shm_txn, COL_S_U64, GPUGOV_CAP_SHM_TXN),
	SMP(warps, COL_S_U64, GPUGOV_CAP_WARPS),
	SMP(occupancy_q16, COL_S_U64, GPUGOV_CAP_WARPS),
	SMP(energy_uj, COL_S_U64, GPUGOV_CAP_ENERGY),
	REC(energy_pj, COL_REC_U64, GPUGOV_CAP_ENERGY),
	SMP(lcp_core_cyc, COL_S_U64, GPUGOV_CAP_LCP_PARTS),
	SMP(lcp_wait_cyc, COL_S_U64, GPUGOV_CAP_LCP_PARTS),
	SMP(l2_busy_cyc, COL_S_U64, GPUGOV_CAP_MEM_BUSY),
	SMP(dram_busy_cyc, COL_S_U64, GPUGOV_CAP_MEM_BUSY),
	ALLOWED(allowed_lo),
	ALLOWED(allowed_hi),
};

#define NR_COLS (sizeof(cols) / sizeof(cols[0]))

/**
 * gpugov_trace_cap_columns() - the columns behind GPUGOV_CAP_* bits
 * @caps: the bits
 * @buf: out, "load_stall_cyc, lcp_cyc", ... in column order (cut to fit)
 * @len: its size
 *
 * For messages that say which counters a trace lacks.
 */
void gpugov_trace_cap_columns(u32 caps, char *buf, size_t len)
{
	size_t i, n = 0;

	if (len)
		buf[0] = '\0';
	for (i = 0; i <= NR_COLS && n < len; i++) {
		const char *name = i < NR_COLS ? cols[i].name : "per-wave records";
		u32 cap = i < NR_COLS ? cols[i].cap : GPUGOV_CAP_WAVES;

		if (caps & cap)
			n += (size_t)snprintf(buf + n, len - n, "%s%s",
					      n ? ", " : "", name);
	}
}

/* Wave columns, in writer order; all u64 but age_rank. */
static const struct {
	const char *name;
	size_t off;
	int is_u32;
} wcols[] = {
	{ "pc_start", offsetof(struct gpugov_wave, pc_start), 0 },
	{ "pc_end", offsetof(struct gpugov_wave, pc_end), 0 },
	{ "insts", offsetof(struct gpugov_wave, insts), 0 },
	{ "stall_cyc", offsetof(struct gpugov_wave, stall_cyc), 0 },
	{ "core_cyc", offsetof(struct gpugov_wave, core_cyc), 0 },
	{ "age_rank", offsetof(struct gpugov_wave, age_rank), 1 },
};

#define NR_WCOLS (sizeof(wcols) / sizeof(wcols[0]))

static const char *const kind_names[] = {
	[GPUGOV_TRACE_SAMPLE] = "sample",
	[GPUGOV_TRACE_SWEEP] = "sweep",
};

static const char *const interval_names[] = {
	[GPUGOV_INTERVAL_SEGMENT] = "segment",
	[GPUGOV_INTERVAL_EPOCH] = "epoch",
	[GPUGOV_INTERVAL_POLL] = "poll",
};

const char *gpugov_trace_kind_name(enum gpugov_trace_kind k)
{
	return k <= GPUGOV_TRACE_SWEEP ? kind_names[k] : "?";
}

const char *gpugov_interval_kind_name(enum gpugov_interval_kind k)
{
	return k <= GPUGOV_INTERVAL_POLL ? interval_names[k] : "?";
}

static int find_name(const char *const *names, int n, const char *s)
{
	int i;

	for (i = 0; i < n; i++)
		if (!strcmp(names[i], s))
			return i;
	return -1;
}

/* ------------------------------------------------------------------ */
/* reader                                                              */

__attribute__((format(printf, 2, 3)))
static int rd_err(struct gpugov_trace_reader *r, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	gpugov_verr_at(r->err, sizeof(r->err), r->path, r->line, fmt, ap);
	va_end(ap);
	return -1;
}

/*
 * Read the next line that is not blank or a comment, split it into
 * whitespace-separated tokens in place.  Returns the number of tokens,
 * 0 at end of file, -1 on error.
 */
#define MAX_TOK 128
static int rd_line(struct gpugov_trace_reader *r, char **tok)
{
	for (;;) {
		ssize_t len = getline(&r->buf, &r->bufsz, r->f);
		int n = 0;
		char *p, *save;

		if (len < 0)
			return ferror(r->f) ? rd_err(r, "read error: %s",
						     strerror(errno)) : 0;
		r->line++;
		p = strchr(r->buf, '#');
		if (p)
			*p = '\0';
		for (p = strtok_r(r->buf, " \t\r\n", &save); p;
		     p = strtok_r(NULL, " \t\r\n", &save)) {
			if (n == MAX_TOK)
				return rd_err(r, "more than %d fields", MAX_TOK);
			tok[n++] = p;
		}
		if (n)
			return n;
	}
}

/*
 * Unsigned decimal, or hex after "0x" (docs/trace-format.md).  Unlike
 * strtoull(s, NULL, 0), a leading zero does not mean octal ("opp 0200000"
 * is 200 MHz) and a sign or blank is refused.
 */
static int rd_u64(struct gpugov_trace_reader *r, const char *s, u64 *v,
		     const char *what)
{
	size_t len = strlen(s);
	int bad;

	if (*s == '-')
		return rd_err(r, "%s: negative value '%s'", what, s);
	if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
		bad = parse_x64(s + 2, len - 2, v);
	else
		bad = parse_u64(s, len, v);
	if (bad)
		return rd_err(r, "%s: bad number '%s' (unsigned decimal or "
			      "0x hex, at most 64 bits)", what, s);
	return 0;
}

static int rd_u32(struct gpugov_trace_reader *r, const char *s, u32 *v,
		     const char *what)
{
	u64 x;

	if (rd_u64(r, s, &x, what))
		return -1;
	if (x > U32_MAX)
		return rd_err(r, "%s: %s does not fit 32 bits", what, s);
	*v = (u32)x;
	return 0;
}

static int hdr_columns(struct gpugov_trace_reader *r, char **tok, int n)
{
	int i, nallowed;
	u32 j;

	free(r->col);
	r->col = calloc(n, sizeof(*r->col));
	if (!r->col)
		return rd_err(r, "out of memory");
	r->nr_col = n;
	r->hdr.caps = 0;
	nallowed = 0;
	for (i = 0; i < n; i++) {
		for (j = 0; j < NR_COLS; j++)
			if (!strcmp(tok[i], cols[j].name))
				break;
		if (j == NR_COLS)
			continue;	/* unknown column: ignored */
		r->col[i] = &cols[j];
		r->hdr.caps |= cols[j].cap;
		nallowed += cols[j].allowed;
	}
	for (i = 0; i < n; i++) {
		if (!r->col[i])
			continue;
		for (j = i + 1; j < (u32)n; j++)
			if (r->col[j] == r->col[i])
				return rd_err(r, "column '%s' given twice",
					      tok[i]);
	}
	if (nallowed == 1)
		return rd_err(r, "columns allowed_lo and allowed_hi come together");
	r->hdr.allowed = nallowed == 2;
	return 0;
}

static int hdr_wave_columns(struct gpugov_trace_reader *r, char **tok, int n)
{
	int i;
	u32 j;

	free(r->wcol);
	r->wcol = malloc(n * sizeof(*r->wcol));
	if (!r->wcol)
		return rd_err(r, "out of memory");
	r->nr_wcol = n;
	for (i = 0; i < n; i++) {
		r->wcol[i] = -1;
		for (j = 0; j < NR_WCOLS; j++)
			if (!strcmp(tok[i], wcols[j].name))
				r->wcol[i] = (int)j;
	}
	return 0;
}

static int hdr_opp(struct gpugov_trace_reader *r, char **tok, int n)
{
	struct gpugov_opp_table *t = &r->hdr.opps;
	struct gpugov_opp *o;

	if (n != 5)
		return rd_err(r, "opp needs 4 values: core_khz mem_khz uv power_uw");
	if (t->nr == GPUGOV_MAX_OPPS)
		return rd_err(r, "more than %d OPPs", GPUGOV_MAX_OPPS);
	o = &t->opp[t->nr];
	if (rd_u32(r, tok[1], &o->core_khz, "opp core_khz") ||
	    rd_u32(r, tok[2], &o->mem_khz, "opp mem_khz") ||
	    rd_u32(r, tok[3], &o->uv, "opp uv") ||
	    rd_u32(r, tok[4], &o->power_uw, "opp power_uw"))
		return -1;
	if (t->nr && (o->core_khz < o[-1].core_khz ||
		      (o->core_khz == o[-1].core_khz &&
		       o->mem_khz <= o[-1].mem_khz)))
		return rd_err(r, "OPPs must be in ascending (core, mem) order");
	t->nr++;
	return 0;
}

static int hdr_check(struct gpugov_trace_reader *r)
{
	static const u32 need[] = { 2, 3, 4 };	/* interval_ns busy_ns core_khz */
	u32 i, j;

	if (!r->hdr.opps.nr)
		return rd_err(r, "header has no opp lines");
	/* device is optional: the name gpugov_trace_hdr_init() gives */
	if (!r->hdr.device[0])
		strcpy(r->hdr.device, "unknown");
	if (gpugov_opp_table_check(&r->hdr.opps))
		return rd_err(r, "OPP table not in ascending (core, mem) order, "
			      "or power given for some OPPs only");
	if (!r->nr_col)
		return rd_err(r, "header has no columns line");
	for (i = 0; i < sizeof(need) / sizeof(need[0]); i++) {
		for (j = 0; j < r->nr_col; j++)
			if (r->col[j] == &cols[need[i]])
				break;
		if (j == r->nr_col)
			return rd_err(r, "required column '%s' missing",
				      cols[need[i]].name);
	}
	if (r->hdr.kind == GPUGOV_TRACE_SWEEP) {
		for (i = 0; i < 2; i++) {	/* seg, opp */
			for (j = 0; j < r->nr_col; j++)
				if (r->col[j] == &cols[i])
					break;
			if (j == r->nr_col)
				return rd_err(r, "sweep trace needs column '%s'",
					      cols[i].name);
		}
	}
	if (!r->wcol)
		r->hdr.caps &= ~GPUGOV_CAP_WAVES;
	else
		r->hdr.caps |= GPUGOV_CAP_WAVES;
	return 0;
}

/* A free-text key: its words joined by single blanks into @buf. */
static int hdr_text(struct gpugov_trace_reader *r, char **tok, int n,
		    char *buf, size_t size)
{
	size_t len = 0;
	int i;

	buf[0] = '\0';
	for (i = 1; i < n; i++) {
		len += snprintf(buf + len, size - len, "%s%s", i > 1 ? " " : "",
				tok[i]);
		if (len >= size)
			return rd_err(r, "%s longer than %zu characters", tok[0],
				      size - 1);
	}
	return 0;
}

static int rd_header(struct gpugov_trace_reader *r)
{
	char *tok[MAX_TOK];
	int n, k, seen_kind = 0, seen_interval = 0;
	u64 v;

	n = rd_line(r, tok);
	if (n <= 0)
		return n < 0 ? -1 : rd_err(r, "empty file, not a gpugov trace");
	if (strcmp(tok[0], "gpugov-trace") || n != 2)
		return rd_err(r, "not a gpugov trace (first line must be "
			      "'gpugov-trace VERSION')");
	if (rd_u64(r, tok[1], &v, "version"))
		return -1;
	if (v != GPUGOV_TRACE_VERSION)
		return rd_err(r, "unsupported trace version %" PRIu64
			      " (this reader knows version %d)", v,
			      GPUGOV_TRACE_VERSION);
	r->hdr.version = (u32)v;

	for (;;) {
		n = rd_line(r, tok);
		if (n < 0)
			return -1;
		if (!n)
			return rd_err(r, "end of file inside the header "
				      "(no 'data' line)");
		if (!strcmp(tok[0], "data"))
			break;
		if (!strcmp(tok[0], "device")) {
			if (n != 2 || strlen(tok[1]) >= GPUGOV_TRACE_NAME_MAX)
				return rd_err(r, "device needs one name of at "
					      "most %d characters",
					      GPUGOV_TRACE_NAME_MAX - 1);
			strcpy(r->hdr.device, tok[1]);
		} else if (!strcmp(tok[0], "kind")) {
			k = n == 2 ? find_name(kind_names, 2, tok[1]) : -1;
			if (k < 0)
				return rd_err(r, "kind must be sample or sweep");
			r->hdr.kind = k;
			seen_kind = 1;
		} else if (!strcmp(tok[0], "interval")) {
			k = n == 3 ? find_name(interval_names, 3, tok[1]) : -1;
			if (k < 0)
				return rd_err(r, "interval must be 'segment|epoch|poll SIZE'");
			if (rd_u64(r, tok[2], &r->hdr.interval_size,
				      "interval size"))
				return -1;
			r->hdr.interval = k;
			seen_interval = 1;
		} else if (!strcmp(tok[0], "source")) {
			if (hdr_text(r, tok, n, r->hdr.source,
				     sizeof(r->hdr.source)))
				return -1;
		} else if (!strcmp(tok[0], "replay-options")) {
			if (hdr_text(r, tok, n, r->hdr.replay_options,
				     sizeof(r->hdr.replay_options)))
				return -1;
		} else if (!strcmp(tok[0], "coremem-gpu")) {
			if (n != 2 || strlen(tok[1]) >= GPUGOV_TRACE_NAME_MAX)
				return rd_err(r, "coremem-gpu needs one name of "
					      "at most %d characters",
					      GPUGOV_TRACE_NAME_MAX - 1);
			strcpy(r->hdr.coremem_gpu, tok[1]);
		} else if (!strcmp(tok[0], "domain")) {
			if (n != 4 || strcmp(tok[1], "sm"))
				return rd_err(r, "domain must be 'sm ID COUNT'");
			if (rd_u32(r, tok[2], &r->hdr.domain_sm, "domain ID") ||
			    rd_u32(r, tok[3], &r->hdr.domain_count,
				   "domain count"))
				return -1;
			if (r->hdr.domain_sm >= r->hdr.domain_count)
				return rd_err(r, "domain ID %u not below the count "
					      "%u", r->hdr.domain_sm,
					      r->hdr.domain_count);
		} else if (!strcmp(tok[0], "opp")) {
			if (hdr_opp(r, tok, n))
				return -1;
		} else if (!strcmp(tok[0], "columns")) {
			if (hdr_columns(r, tok + 1, n - 1))
				return -1;
		} else if (!strcmp(tok[0], "wave-columns")) {
			if (hdr_wave_columns(r, tok + 1, n - 1))
				return -1;
		}
		/* other header keys: from a later minor revision, ignored */
	}
	if (!seen_kind || !seen_interval)
		return rd_err(r, "header needs 'kind' and 'interval' lines");
	return hdr_check(r);
}

static int rd_record(struct gpugov_trace_reader *r, char **tok, int n,
		     struct gpugov_trace_rec *rec)
{
	int have_caps = 0, have_opp = 0, have_seg = 0;
	u32 i, nopp = r->hdr.opps.nr;

	if ((u32)(n - 1) != r->nr_col)
		return rd_err(r, "record has %d values, header names %u columns",
			      n - 1, r->nr_col);
	memset(rec, 0, sizeof(*rec));
	rec->allowed_hi = nopp - 1;	/* no allowed columns: every OPP */
	for (i = 0; i < r->nr_col; i++) {
		const struct gpugov_trace_col *c = r->col[i];
		char *base;
		u64 v;

		if (!c)
			continue;
		if (rd_u64(r, tok[i + 1], &v, c->name))
			return -1;
		base = (c->where == COL_REC_U32 || c->where == COL_REC_U64) ?
			(char *)rec : (char *)&rec->s;
		switch (c->where) {
		case COL_REC_U32:
		case COL_S_U32:
			if (v > U32_MAX)
				return rd_err(r, "%s: %s does not fit 32 bits",
					      c->name, tok[i + 1]);
			*(u32 *)(base + c->off) = (u32)v;
			have_seg |= c == &cols[0];
			have_opp |= c == &cols[1];
			break;
		case COL_REC_U64:
		case COL_S_U64:
			*(u64 *)(base + c->off) = v;
			break;
		case COL_CAPS:
			if (v > U32_MAX)
				return rd_err(r, "caps: %s does not fit 32 bits",
					      tok[i + 1]);
			rec->s.caps = (u32)v;
			have_caps = 1;
			break;
		}
	}
	/* A cap can only be valid if its columns are there. */
	rec->s.caps = have_caps ? rec->s.caps & r->hdr.caps : r->hdr.caps;
	rec->s.caps &= ~GPUGOV_CAP_WAVES;	/* set when a wave line comes */
	if (!have_opp)
		rec->opp = gpugov_opp_nearest(&r->hdr.opps, rec->s.core_khz,
					      rec->s.mem_khz);
	else if (rec->opp >= nopp)
		return rd_err(r, "opp index %u outside the %u-entry table",
			      rec->opp, nopp);
	if (rec->allowed_lo > rec->allowed_hi || rec->allowed_hi >= nopp)
		return rd_err(r, "allowed OPPs %u..%u: not a range within the "
			      "%u-entry table", rec->allowed_lo,
			      rec->allowed_hi, nopp);
	if (!rec->s.core_khz)
		return rd_err(r, "core_khz is 0");
	if (rec->s.busy_ns > rec->s.interval_ns)
		return rd_err(r, "busy_ns %" PRIu64 " > interval_ns %" PRIu64,
			      rec->s.busy_ns, rec->s.interval_ns);
	if (r->hdr.kind == GPUGOV_TRACE_SWEEP) {
		/* Sweep records come segment by segment, each at every OPP. */
		if (rec->seg != r->seq / nopp || rec->opp != r->seq % nopp)
			return rd_err(r, "sweep record (seg %u, opp %u) out of "
				      "order: expected (seg %u, opp %u)",
				      rec->seg, rec->opp, r->seq / nopp,
				      r->seq % nopp);
		if (r->hdr.opps.opp[rec->opp].core_khz != rec->s.core_khz)
			return rd_err(r, "core_khz %u differs from OPP %u's %u",
				      rec->s.core_khz, rec->opp,
				      r->hdr.opps.opp[rec->opp].core_khz);
	} else if (!have_seg) {
		rec->seg = r->seq;	/* sample traces may number implicitly */
	}
	r->seq++;
	return 0;
}

static int rd_wave(struct gpugov_trace_reader *r, char **tok, int n,
		   struct gpugov_trace_rec *rec)
{
	struct gpugov_wave *w;
	u32 i;

	if (!r->wcol)
		return rd_err(r, "wave line but no wave-columns in the header");
	if ((u32)(n - 1) != r->nr_wcol)
		return rd_err(r, "wave has %d values, header names %u columns",
			      n - 1, r->nr_wcol);
	if (rec->s.nr_waves == GPUGOV_MAX_WAVES)
		return rd_err(r, "more than %d waves in one record",
			      GPUGOV_MAX_WAVES);
	w = &rec->s.waves[rec->s.nr_waves];
	for (i = 0; i < r->nr_wcol; i++) {
		int k = r->wcol[i];
		u64 v;

		if (k < 0)
			continue;
		if (rd_u64(r, tok[i + 1], &v, wcols[k].name))
			return -1;
		if (wcols[k].is_u32) {
			if (v > U32_MAX)
				return rd_err(r, "%s does not fit 32 bits",
					      wcols[k].name);
			*(u32 *)((char *)w + wcols[k].off) = (u32)v;
		} else {
			*(u64 *)((char *)w + wcols[k].off) = v;
		}
	}
	rec->s.nr_waves++;
	rec->s.caps |= GPUGOV_CAP_WAVES;
	return 0;
}

int gpugov_trace_open_file(struct gpugov_trace_reader *r, FILE *f,
			   const char *name)
{
	memset(r, 0, sizeof(*r));
	r->f = f;
	r->path = name;
	if (rd_header(r)) {
		free(r->col);
		free(r->wcol);
		free(r->buf);
		r->col = NULL;
		r->wcol = NULL;
		r->buf = NULL;
		return -1;
	}
	return 0;
}

int gpugov_trace_open(struct gpugov_trace_reader *r, const char *path)
{
	FILE *f = fopen(path, "r");

	if (!f) {
		memset(r, 0, sizeof(*r));
		gpugov_err_at(r->err, sizeof(r->err), path, 0, "%s",
			      strerror(errno));
		return -1;
	}
	if (gpugov_trace_open_file(r, f, path)) {
		fclose(f);
		return -1;
	}
	r->owns_file = 1;
	return 0;
}

/**
 * gpugov_trace_next() - read the next record with its waves
 * @r: an open reader
 * @rec: filled with the record
 *
 * Return: 1 with a record, 0 at the end of the trace, -1 on error (the
 * message is in r->err).
 */
int gpugov_trace_next(struct gpugov_trace_reader *r,
		      struct gpugov_trace_rec *rec)
{
	char *tok[MAX_TOK];
	int n;

	for (;;) {
		n = rd_line(r, tok);
		if (n < 0)
			return -1;
		if (!n) {
			if (!r->have_pending)
				return 0;
			*rec = r->pending;
			r->have_pending = 0;
			return 1;
		}
		if (!strcmp(tok[0], "r")) {
			int had = r->have_pending;

			if (had)
				*rec = r->pending;
			if (rd_record(r, tok, n, &r->pending))
				return -1;
			r->have_pending = 1;
			if (had)
				return 1;
		} else if (!strcmp(tok[0], "w")) {
			if (!r->have_pending)
				return rd_err(r, "wave line before any record");
			if (rd_wave(r, tok, n, &r->pending))
				return -1;
		}
		/* other line kinds: from a later minor revision, ignored */
	}
}

void gpugov_trace_close(struct gpugov_trace_reader *r)
{
	if (r->owns_file && r->f)
		fclose(r->f);
	free(r->col);
	free(r->wcol);
	free(r->buf);
	r->f = NULL;
	r->col = NULL;
	r->wcol = NULL;
	r->buf = NULL;
}

/* ------------------------------------------------------------------ */
/* whole-trace reader                                                  */

/*
 * Records in memory: each is the prefix of a struct gpugov_trace_rec up
 * to the end of its own waves, packed into chunks.  Every chunk has
 * CHUNK_SLACK zeroed bytes after the space records may use, so reading a
 * whole struct gpugov_trace_rec at any record stays inside the chunk.
 */
#define CHUNK_BYTES	(1024 * 1024)
#define CHUNK_SLACK	sizeof(struct gpugov_trace_rec)

struct gpugov_trace_chunk {
	struct gpugov_trace_chunk *next;
	size_t used;
	u64 data[];	/* CHUNK_BYTES + CHUNK_SLACK bytes */
};

/* Bytes record @rec needs: the struct up to its waves, 8-byte aligned. */
static size_t rec_bytes(const struct gpugov_trace_rec *rec)
{
	size_t n = offsetof(struct gpugov_trace_rec, s.waves) +
		   (size_t)rec->s.nr_waves * sizeof(struct gpugov_wave);

	return (n + 7) & ~(size_t)7;
}

/* Append a compact copy of @rec; returns it, or NULL if out of memory. */
static const struct gpugov_trace_rec *store(struct gpugov_trace *t,
					    const struct gpugov_trace_rec *rec)
{
	struct gpugov_trace_chunk *c = t->chunks;
	size_t n = rec_bytes(rec);
	char *p;

	if (!c || c->used + n > CHUNK_BYTES) {
		c = calloc(1, sizeof(*c) + CHUNK_BYTES + CHUNK_SLACK);
		if (!c)
			return NULL;
		c->next = t->chunks;
		t->chunks = c;
	}
	p = (char *)c->data + c->used;
	memcpy(p, rec, n);
	c->used += n;
	return (const struct gpugov_trace_rec *)p;
}

static int load(struct gpugov_trace_reader *r, struct gpugov_trace *t,
		char *err, size_t errlen)
{
	struct gpugov_trace_rec *rec = malloc(sizeof(*rec));
	u32 cap = 0;
	int rc;

	memset(t, 0, sizeof(*t));
	t->hdr = r->hdr;
	for (;;) {
		if (t->nr_rec == cap) {
			const struct gpugov_trace_rec **p;

			cap = cap ? cap * 2 : 64;
			p = rec ? realloc(t->recs, cap * sizeof(*p)) : NULL;
			if (!p) {
				rc = rd_err(r, "out of memory");
				break;
			}
			t->recs = p;
		}
		rc = gpugov_trace_next(r, rec);
		if (rc <= 0)
			break;
		t->recs[t->nr_rec] = store(t, rec);
		if (!t->recs[t->nr_rec]) {
			rc = rd_err(r, "out of memory");
			break;
		}
		t->nr_rec++;
	}
	free(rec);
	if (!rc && t->hdr.kind == GPUGOV_TRACE_SWEEP) {
		if (t->nr_rec % t->hdr.opps.nr) {
			rc = rd_err(r, "sweep trace ends inside segment %u "
				    "(%u of %u OPPs)", t->nr_rec / t->hdr.opps.nr,
				    t->nr_rec % t->hdr.opps.nr, t->hdr.opps.nr);
		}
		t->nr_seg = t->nr_rec / t->hdr.opps.nr;
	}
	if (rc) {
		snprintf(err, errlen, "%s", r->err);
		gpugov_trace_free(t);
	}
	return rc;
}

/**
 * gpugov_trace_load_file() - read a whole trace from an open stream
 * @f: the stream
 * @name: its name for error messages
 * @t: filled on success; release with gpugov_trace_free()
 * @err, @errlen: receives "name:line: message" on failure
 *
 * Return: 0 or -1.
 */
int gpugov_trace_load_file(FILE *f, const char *name, struct gpugov_trace *t,
			   char *err, size_t errlen)
{
	struct gpugov_trace_reader r;
	int rc;

	memset(t, 0, sizeof(*t));
	if (gpugov_trace_open_file(&r, f, name)) {
		snprintf(err, errlen, "%s", r.err);
		return -1;
	}
	rc = load(&r, t, err, errlen);
	gpugov_trace_close(&r);
	return rc;
}

int gpugov_trace_load(const char *path, struct gpugov_trace *t, char *err,
		      size_t errlen)
{
	struct gpugov_trace_reader r;
	int rc;

	memset(t, 0, sizeof(*t));
	if (gpugov_trace_open(&r, path)) {
		snprintf(err, errlen, "%s", r.err);
		return -1;
	}
	rc = load(&r, t, err, errlen);
	gpugov_trace_close(&r);
	return rc;
}

/**
 * gpugov_trace_rec_at() - record @i in file order
 * Return: the record (read-only, see struct gpugov_trace), or NULL if
 * out of range.
 */
const struct gpugov_trace_rec *
gpugov_trace_rec_at(const struct gpugov_trace *t, u32 i)
{
	return i < t->nr_rec ? t->recs[i] : NULL;
}

/**
 * gpugov_trace_sweep_at() - record of segment @seg at OPP @opp
 * Return: the record (read-only, see struct gpugov_trace), or NULL if @t
 * is not a sweep trace or out of range.
 */
const struct gpugov_trace_rec *
gpugov_trace_sweep_at(const struct gpugov_trace *t, u32 seg, u32 opp)
{
	if (t->hdr.kind != GPUGOV_TRACE_SWEEP || seg >= t->nr_seg ||
	    opp >= t->hdr.opps.nr)
		return NULL;
	return t->recs[(size_t)seg * t->hdr.opps.nr + opp];
}

void gpugov_trace_free(struct gpugov_trace *t)
{
	while (t->chunks) {
		struct gpugov_trace_chunk *c = t->chunks;

		t->chunks = c->next;
		free(c);
	}
	free(t->recs);
	t->recs = NULL;
	t->nr_rec = 0;
	t->nr_seg = 0;
}

/* ------------------------------------------------------------------ */
/* writer                                                              */

void gpugov_trace_hdr_init(struct gpugov_trace_hdr *h,
			   enum gpugov_trace_kind kind,
			   enum gpugov_interval_kind interval, u64 size)
{
	memset(h, 0, sizeof(*h));
	h->version = GPUGOV_TRACE_VERSION;
	h->kind = kind;
	h->interval = interval;
	h->interval_size = size;
	h->caps = GPUGOV_CAP_ALL;
	strcpy(h->device, "unknown");
}

/* Columns the writer emits for a header: those with no cap or a set cap. */
static int col_written(const struct gpugov_trace_hdr *h, u32 i)
{
	if (cols[i].allowed)
		return h->allowed;
	return !cols[i].cap || (h->caps & cols[i].cap);
}

/**
 * gpugov_trace_write_header() - write the header of a v1 trace
 * @f: output
 * @h: header; @h->caps selects the counter columns
 *
 * Return: 0, or -1 on an invalid header or a write error.
 */
int gpugov_trace_write_header(FILE *f, const struct gpugov_trace_hdr *h)
{
	u32 i;

	if (gpugov_opp_table_check(&h->opps) || strpbrk(h->device, " \t\n#") ||
	    !h->device[0] || strpbrk(h->source, "\n#") ||
	    strpbrk(h->replay_options, "\n#") ||
	    strpbrk(h->coremem_gpu, " \t\n#") ||
	    (h->domain_count && h->domain_sm >= h->domain_count))
		return -1;
	fprintf(f, "gpugov-trace %d\n", GPUGOV_TRACE_VERSION);
	fprintf(f, "device %s\n", h->device);
	fprintf(f, "kind %s\n", gpugov_trace_kind_name(h->kind));
	fprintf(f, "interval %s %" PRIu64 "\n",
		gpugov_interval_kind_name(h->interval), h->interval_size);
	if (h->source[0])
		fprintf(f, "source %s\n", h->source);
	if (h->replay_options[0])
		fprintf(f, "replay-options %s\n", h->replay_options);
	if (h->coremem_gpu[0])
		fprintf(f, "coremem-gpu %s\n", h->coremem_gpu);
	if (h->domain_count)
		fprintf(f, "domain sm %u %u\n", h->domain_sm, h->domain_count);
	fprintf(f, "# opp core_khz mem_khz uv power_uw\n");
	for (i = 0; i < h->opps.nr; i++) {
		const struct gpugov_opp *o = &h->opps.opp[i];

		fprintf(f, "opp %u %u %u %u\n", o->core_khz, o->mem_khz, o->uv,
			o->power_uw);
	}
	fputs("columns", f);
	for (i = 0; i < NR_COLS; i++)
		if (col_written(h, i))
			fprintf(f, " %s", cols[i].name);
	fputc('\n', f);
	if (h->caps & GPUGOV_CAP_WAVES) {
		fputs("wave-columns", f);
		for (i = 0; i < NR_WCOLS; i++)
			fprintf(f, " %s", wcols[i].name);
		fputc('\n', f);
	}
	fputs("data\n", f);
	return ferror(f) ? -1 : 0;
}

/**
 * gpugov_trace_write_rec() - write one record (and its waves)
 * @f: output
 * @h: the header written before, whose caps select the columns
 * @rec: the record
 *
 * Return: 0, or -1 on a write error.
 */
int gpugov_trace_write_rec(FILE *f, const struct gpugov_trace_hdr *h,
			   const struct gpugov_trace_rec *rec)
{
	u32 i, j;

	fputc('r', f);
	for (i = 0; i < NR_COLS; i++) {
		const struct gpugov_trace_col *c = &cols[i];
		const char *base = (c->where == COL_REC_U32 ||
				    c->where == COL_REC_U64) ?
			(const char *)rec : (const char *)&rec->s;

		if (!col_written(h, i))
			continue;
		switch (c->where) {
		case COL_REC_U32:
		case COL_S_U32:
			fprintf(f, " %u", *(const u32 *)(base + c->off));
			break;
		case COL_REC_U64:
		case COL_S_U64:
			fprintf(f, " %" PRIu64, *(const u64 *)(base + c->off));
			break;
		case COL_CAPS:
			fprintf(f, " 0x%x", rec->s.caps & h->caps);
			break;
		}
	}
	fputc('\n', f);
	if ((h->caps & GPUGOV_CAP_WAVES) && (rec->s.caps & GPUGOV_CAP_WAVES)) {
		for (i = 0; i < rec->s.nr_waves && i < GPUGOV_MAX_WAVES; i++) {
			const struct gpugov_wave *w = &rec->s.waves[i];

			fputc('w', f);
			for (j = 0; j < NR_WCOLS; j++) {
				const char *p = (const char *)w + wcols[j].off;

				if (wcols[j].is_u32)
					fprintf(f, " %u", *(const u32 *)p);
				else
					fprintf(f, " %" PRIu64,
						*(const u64 *)p);
			}
			fputc('\n', f);
		}
	}
	return ferror(f) ? -1 : 0;
}
