// SPDX-License-Identifier: GPL-2.0
/*
 * coremem_gpu.c - the core+memory model's GPU description from a name or a
 * key=value file.
 *
 * File format (docs/coremem.md): one "key = value" per line; blanks around
 * both are ignored, '#' starts a comment, blank lines are skipped.  An
 * optional first key "base = NAME" starts from a built-in description and
 * the other keys override it; without it every model key is required.
 * Counts are decimal integers, constants decimal numbers with at most six
 * fraction digits (the model keeps micro-cycles).  Unknown, repeated or
 * malformed keys, values out of range, NUL bytes and lines longer than
 * 256 bytes are errors reported as "FILE:LINE: message"; nothing is
 * accepted partially.
 */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "coremem_gpu.h"
#include "errfmt.h"
#include "lines.h"
#include "strnum.h"

#define LINE_MAX_LEN	256	/* bytes, its newline included */

enum key_kind {
	KEY_COUNT,	/* u32 integer */
	KEY_MICRO,	/* u32 micro-units */
	KEY_MICRO64,	/* u64 micro-units */
};

static const struct cm_key {
	const char *name;
	size_t off;
	enum key_kind kind;
	u64 min, max;	/* counts: the value; constants: micro-units */
} cm_keys[] = {
#define COUNT(n, lo, hi) { #n, offsetof(struct gpugov_coremem_params, n), \
			   KEY_COUNT, lo, hi }
#define MICRO(n, hi) { #n, offsetof(struct gpugov_coremem_params, n##_u), \
		       KEY_MICRO, 0, hi }
	COUNT(sm_count, 1, 4096),
	COUNT(cores_sm, 1, 4096),
	COUNT(warp_size, 1, 1024),
	COUNT(warps_max, 1, 1024),
	MICRO(ldm_a, U32_MAX),
	MICRO(ldm_b, U32_MAX),
	{ "ddm_a", offsetof(struct gpugov_coremem_params, ddm_a_u), KEY_MICRO64,
	  0, 1000000000000000ULL },
	MICRO(ddm_b, U32_MAX),
	MICRO(l2_lat, U32_MAX),
	MICRO(l2_del, U32_MAX),
	MICRO(inst_lat, U32_MAX),
	MICRO(inst_del, U32_MAX),
	MICRO(dp_del, U32_MAX),
	MICRO(shm_lat, U32_MAX),
	MICRO(shm_del, U32_MAX),
	COUNT(lat_overlap, 1, 1024),
	MICRO(low_occ, GPUGOV_CM_MICRO),
#undef COUNT
#undef MICRO
};

#define NR_KEYS	(sizeof(cm_keys) / sizeof(cm_keys[0]))

/* Decimal digits only (no sign, no blank), at most @max: 0, or -1. */
static int parse_count(const char *s, size_t len, u64 max, u64 *out)
{
	u64 v;

	if (parse_u64(s, len, &v) || v > max)
		return -1;
	*out = v;
	return 0;
}

/* DIGITS[.DIGITS] with 1..6 fraction digits, in micro-units, at most @max. */
static int parse_micro(const char *s, size_t len, u64 max, u64 *out)
{
	const char *dot = memchr(s, '.', len);
	size_t ilen = dot ? (size_t)(dot - s) : len;
	size_t flen = dot ? len - ilen - 1 : 0;
	u64 ip, fp = 0, scale = GPUGOV_CM_MICRO;

	if (parse_count(s, ilen, max / GPUGOV_CM_MICRO, &ip))
		return -1;
	if (dot && (!flen || flen > 6 || parse_count(dot + 1, flen,
						      GPUGOV_CM_MICRO, &fp)))
		return -1;
	while (flen--)
		scale /= 10;
	fp *= scale;
	if (ip * GPUGOV_CM_MICRO > max - fp)
		return -1;
	*out = ip * GPUGOV_CM_MICRO + fp;
	return 0;
}

static const struct cm_key *find_key(const char *s, size_t len)
{
	size_t i;

	for (i = 0; i < NR_KEYS; i++)
		if (strlen(cm_keys[i].name) == len &&
		    !memcmp(cm_keys[i].name, s, len))
			return &cm_keys[i];
	return NULL;
}

static void set_key(struct gpugov_coremem_params *p, const struct cm_key *k,
		    u64 v)
{
	char *at = (char *)p + k->off;

	if (k->kind == KEY_MICRO64)
		*(u64 *)at = v;
	else
		*(u32 *)at = (u32)v;
}

/**
 * coremem_gpu_key_find() - a key of the file format by name
 * @name: the key, NUL-terminated
 *
 * Return: its index (0 .. COREMEM_GPU_NR_KEYS - 1), or -1.
 */
int coremem_gpu_key_find(const char *name)
{
	size_t i;

	for (i = 0; i < NR_KEYS; i++)
		if (!strcmp(cm_keys[i].name, name))
			return (int)i;
	return -1;
}

/* The value of key @i in @p: a count, or micro-units. */
static u64 get_key(const struct gpugov_coremem_params *p, size_t i)
{
	const char *at = (const char *)p + cm_keys[i].off;

	return cm_keys[i].kind == KEY_MICRO64 ? *(const u64 *)at :
						*(const u32 *)at;
}

/**
 * coremem_gpu_key_get() - a constant of @p in cycles (or its unit)
 * @p: description
 * @i: key index from coremem_gpu_key_find()
 */
double coremem_gpu_key_get(const struct gpugov_coremem_params *p, int i)
{
	double v = (double)get_key(p, i);

	return cm_keys[i].kind == KEY_COUNT ? v : v / GPUGOV_CM_MICRO;
}

/**
 * coremem_gpu_key_set() - set a constant of @p, rounded to its unit and
 * clamped to the range the file format accepts
 * @p: description
 * @i: key index from coremem_gpu_key_find()
 * @v: the value in cycles (or its unit)
 */
void coremem_gpu_key_set(struct gpugov_coremem_params *p, int i, double v)
{
	const struct cm_key *k = &cm_keys[i];
	double scale = k->kind == KEY_COUNT ? 1 : GPUGOV_CM_MICRO;
	double u = v * scale + 0.5;
	u64 r;

	if (!(u >= (double)k->min))	/* NaN too */
		r = k->min;
	else if (u >= (double)k->max)
		r = k->max;
	else
		r = (u64)u;
	set_key(p, k, r);
}

/**
 * coremem_gpu_write() - write @p as a complete description file
 * @f: output
 * @p: description
 *
 * Every key, in the order of docs/coremem.md, so that the file reads back
 * (coremem_gpu_parse_file()) as exactly @p.
 *
 * Return: 0, or -1 on an output error.
 */
int coremem_gpu_write(FILE *f, const struct gpugov_coremem_params *p)
{
	size_t i;

	for (i = 0; i < NR_KEYS; i++) {
		u64 v = get_key(p, i);

		if (cm_keys[i].kind == KEY_COUNT)
			fprintf(f, "%s = %llu\n", cm_keys[i].name,
				(unsigned long long)v);
		else
			fprintf(f, "%s = %llu.%06llu\n", cm_keys[i].name,
				(unsigned long long)(v / GPUGOV_CM_MICRO),
				(unsigned long long)(v % GPUGOV_CM_MICRO));
	}
	return ferror(f) ? -1 : 0;
}

/* Strip blanks from both ends of [*s, *s + *len). */
static void trim(const char **s, size_t *len)
{
	while (*len && (**s == ' ' || **s == '\t')) {
		(*s)++;
		(*len)--;
	}
	while (*len && ((*s)[*len - 1] == ' ' || (*s)[*len - 1] == '\t'))
		(*len)--;
}

/* One "key = value" line into @p; marks @seen.  0, or -1 with @msg set. */
static int parse_line(const char *line, size_t len, int nkeys,
		      struct gpugov_coremem_params *p, bool *seen,
		      bool *based, char *msg, size_t msglen)
{
	const char *eq = memchr(line, '=', len), *key = line, *val;
	size_t klen, vlen;
	const struct cm_key *k;
	u64 v;
	int id;

	if (!eq) {
		snprintf(msg, msglen, "'%.*s': want KEY = VALUE", (int)len,
			 line);
		return -1;
	}
	klen = eq - line;
	val = eq + 1;
	vlen = len - klen - 1;
	trim(&key, &klen);
	trim(&val, &vlen);
	if (klen == 4 && !memcmp(key, "base", 4)) {
		if (nkeys || *based) {
			snprintf(msg, msglen, "'base' must be the first key");
			return -1;
		}
		id = gpugov_coremem_gpu_find(val, vlen);
		if (id < 0) {
			snprintf(msg, msglen, "base: '%.*s' is not a built-in "
				 "GPU description", (int)vlen, val);
			return -1;
		}
		*p = gpugov_coremem_gpu(id)->p;
		*based = true;
		return 0;
	}
	k = find_key(key, klen);
	if (!k) {
		snprintf(msg, msglen, "unknown key '%.*s'", (int)klen, key);
		return -1;
	}
	if (seen[k - cm_keys]) {
		snprintf(msg, msglen, "%s given twice", k->name);
		return -1;
	}
	if (k->kind == KEY_COUNT ?
	    parse_count(val, vlen, k->max, &v) || v < k->min :
	    parse_micro(val, vlen, k->max, &v)) {
		if (k->kind == KEY_COUNT)
			snprintf(msg, msglen, "%s: '%.*s' is not an integer in "
				 "%llu..%llu", k->name, (int)vlen, val,
				 (unsigned long long)k->min,
				 (unsigned long long)k->max);
		else
			snprintf(msg, msglen, "%s: '%.*s' is not a decimal "
				 "number (at most 6 fraction digits) in "
				 "0..%llu.%06llu", k->name, (int)vlen, val,
				 (unsigned long long)(k->max / GPUGOV_CM_MICRO),
				 (unsigned long long)(k->max % GPUGOV_CM_MICRO));
		return -1;
	}
	set_key(p, k, v);
	seen[k - cm_keys] = true;
	return 0;
}

/*
 * After the last line: every key given (or a base), and a usable result.
 * Messages name @path as gpugov_err_at() does, so that a long path gives
 * way to the reason rather than the other way round.
 */
static int check_complete(const char *path, const bool *seen, bool based,
			  const struct gpugov_coremem_params *p, char *err,
			  size_t errlen)
{
	char msg[COREMEM_GPU_ERR_MAX];
	size_t i;
	int n;

	if (!based) {
		bool missing = false;

		n = snprintf(msg, sizeof(msg), "missing key(s) (or give 'base = "
			     "NAME' first):");
		for (i = 0; i < NR_KEYS; i++) {
			if (seen[i])
				continue;
			missing = true;
			if (n >= 0 && (size_t)n < sizeof(msg))
				n += snprintf(msg + n, sizeof(msg) - n, " %s",
					      cm_keys[i].name);
		}
		if (missing) {
			gpugov_err_at(err, errlen, path, 0, "%s", msg);
			return -1;
		}
	}
	if (!gpugov_coremem_params_ok(p)) {
		gpugov_err_at(err, errlen, path, 0, "not a usable GPU description");
		return -1;
	}
	return 0;
}

/**
 * coremem_gpu_parse_file() - read a GPU description file
 * @path: the file
 * @p: filled on success (unspecified on failure)
 * @err: "FILE:LINE: message" (or "FILE: message") on failure
 * @errlen: size of @err
 *
 * Return: 0, or -1.
 */
int coremem_gpu_parse_file(const char *path, struct gpugov_coremem_params *p,
			   char *err, size_t errlen)
{
	char msg[COREMEM_GPU_ERR_MAX / 2];
	bool seen[NR_KEYS] = { false }, based = false;
	int nkeys = 0, ret = 0, rc;
	struct lines l;

	memset(p, 0, sizeof(*p));
	rc = lines_open(&l, path);
	while (!rc && !ret && (rc = lines_next(&l)) > 0) {
		const char *s = l.buf;
		size_t len;

		rc = 0;
		if (l.len >= LINE_MAX_LEN) {
			gpugov_err_at(err, errlen, path, l.nr,
				      "line longer than %d bytes", LINE_MAX_LEN);
			ret = -1;
			break;
		}
		len = strcspn(l.buf, "#");
		trim(&s, &len);
		if (!len)
			continue;
		if (parse_line(s, len, nkeys, p, seen, &based, msg,
			       sizeof(msg))) {
			gpugov_err_at(err, errlen, path, l.nr, "%s", msg);
			ret = -1;
		}
		nkeys++;
	}
	if (rc < 0) {
		lines_error(&l, rc, err, errlen);
		ret = -1;
	}
	lines_close(&l);
	if (ret)
		return ret;
	if (!nkeys) {
		gpugov_err_at(err, errlen, path, 0, "no keys");
		return -1;
	}
	return check_complete(path, seen, based, p, err, errlen);
}

/**
 * coremem_gpu_names() - the built-in names, space-separated
 * @buf: output
 * @len: its size
 */
void coremem_gpu_names(char *buf, size_t len)
{
	size_t n = 0;
	u32 i;

	if (len)
		buf[0] = '\0';
	for (i = 0; i < GPUGOV_CM_NR_GPUS && n < len; i++)
		n += snprintf(buf + n, len - n, "%s%s", i ? " " : "",
			      gpugov_coremem_gpu_name(i));
}

/**
 * coremem_gpu_select() - a built-in description by name, else a file
 * @arg: NAME or FILE (a name that is also a file's name means the name)
 * @sel: set on success
 * @err: the reason on failure
 * @errlen: size of @err
 *
 * Return: 0, or -1.
 */
int coremem_gpu_select(const char *arg, struct coremem_gpu_sel *sel,
		       char *err, size_t errlen)
{
	char names[128];
	int id = gpugov_coremem_gpu_find(arg, strlen(arg));
	FILE *f;

	snprintf(sel->what, sizeof(sel->what), "%s", arg);
	if (id >= 0) {
		sel->id = id;
		sel->p = gpugov_coremem_gpu(id)->p;
		sel->set = true;
		return 0;
	}
	f = fopen(arg, "r");
	if (!f) {
		coremem_gpu_names(names, sizeof(names));
		snprintf(err, errlen, "'%s' is neither a GPU description (%s) "
			 "nor a readable file", arg, names);
		return -1;
	}
	fclose(f);
	if (coremem_gpu_parse_file(arg, &sel->p, err, errlen))
		return -1;
	sel->id = GPUGOV_CM_NR_GPUS;
	sel->set = true;
	return 0;
}
