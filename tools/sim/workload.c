// SPDX-License-Identifier: GPL-2.0
/*
 * workload.c - parse .wl workload files into compiled kernels.
 *
 *   use FILE                    kernels of another file (its runs ignored);
 *                               each file is read once, however often used
 *   kernel NAME                 starts a kernel
 *     grid BLOCKS               blocks in the grid (times --scale)
 *     block THREADS             threads per block, a multiple of 32
 *     blocks_per_sm N           resource-limited occupancy (optional)
 *     array NAME PATTERN [txn N] [footprint BYTES] [tile BYTES]
 *     code                      instructions follow
 *       alu|sfu rD [rS...] [*N]
 *       ld rD ARRAY [rS...] [*N]      st ARRAY [rS...] [*N]
 *       lds rD [rS...] [conflict=N] [*N]   sts [rS...] [conflict=N] [*N]
 *       bar   loop N [M]   endloop
 *   endkernel
 *   run NAME [COUNT]            launch sequence of the application
 *   frame                       the launches since the last marker are a frame
 */
#include <errno.h>
#include <libgen.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "errfmt.h"
#include "strnum.h"
#include "workload.h"

static const char *const pattern_names[] = {
	[PAT_STREAM] = "stream",
	[PAT_RANDOM] = "random",
	[PAT_BROADCAST] = "broadcast",
	[PAT_TILE] = "tile",
};

enum wl_state { WL_NEW, WL_READING, WL_READ };

/* A file of the workload, known by its identity, not the path used. */
struct wl_file {
	u64 dev, ino;
	u8 state;		/* enum wl_state; WL_NEW: a free slot */
};

/*
 * The files read so far, so that each is parsed once: a file used again
 * adds nothing (its kernels are in already), where parsing it at every
 * mention made nested uses cost the product of their counts.  Open
 * addressing, at most half full.
 */
struct wl_files {
	struct wl_file *slot;
	size_t cap, n;
};

struct wl_parse {
	struct sim_lexer lx;
	struct sim_workload *w;
	struct wl_files *files;
	double scale;
	int depth;		/* use nesting */
	int run_allowed;
};

static size_t file_hash(u64 dev, u64 ino, size_t cap)
{
	return (size_t)(((ino ^ (dev << 32 | dev >> 32)) * 0x9e3779b97f4a7c15ULL) >> 32) &
	       (cap - 1);
}

static struct wl_file *file_slot(struct wl_file *slot, size_t cap, u64 dev, u64 ino)
{
	size_t i = file_hash(dev, ino, cap);

	while (slot[i].state != WL_NEW && (slot[i].dev != dev || slot[i].ino != ino))
		i = (i + 1) & (cap - 1);
	return &slot[i];
}

/*
 * File (@dev, @ino) among those read: its entry, a new one in WL_NEW;
 * NULL if memory runs out.
 */
static struct wl_file *file_find(struct wl_files *fs, u64 dev, u64 ino)
{
	struct wl_file *f = fs->cap ? file_slot(fs->slot, fs->cap, dev, ino) : NULL;
	size_t i;

	if (f && f->state != WL_NEW)
		return f;
	if (2 * (fs->n + 1) > fs->cap) {
		size_t cap = fs->cap ? 2 * fs->cap : 16;
		struct wl_file *slot = calloc(cap, sizeof(*slot));

		if (!slot)
			return NULL;
		for (i = 0; i < fs->cap; i++)
			if (fs->slot[i].state != WL_NEW)
				*file_slot(slot, cap, fs->slot[i].dev, fs->slot[i].ino) =
					fs->slot[i];
		free(fs->slot);
		fs->slot = slot;
		fs->cap = cap;
	}
	f = file_slot(fs->slot, fs->cap, dev, ino);
	f->dev = dev;
	f->ino = ino;
	fs->n++;
	return f;
}

static int reg(struct sim_lexer *lx, const char *s, u8 *r)
{
	u32 v;

	if (s[0] != 'r' || parse_u32(s + 1, strlen(s + 1), &v) ||
	    v >= SIM_NREG)
		return sim_lex_err(lx, "'%s': expected a register r0..r%d", s,
				   SIM_NREG - 1);
	*r = (u8)v;
	return 0;
}

static int find_array(const struct sim_kernel *k, const char *name,
		      char names[][SIM_MAX_NAMES])
{
	u32 i;

	for (i = 0; i < k->narr; i++)
		if (!strcmp(names[i], name))
			return (int)i;
	return -1;
}

/* Global base line of array @name, allocating @lines for a new one. */
static u64 array_base(struct sim_workload *w, const char *name, u64 lines)
{
	u32 i;

	for (i = 0; i < w->nsym; i++)
		if (!strcmp(w->sym[i], name))
			return w->sym_base[i];
	strcpy(w->sym[w->nsym], name);
	w->sym_base[w->nsym] = w->next_base;
	/* Keep arrays apart and aligned to 1 Mi lines. */
	w->next_base += ((lines >> 20) + 1) << 20;
	return w->sym_base[w->nsym++];
}

static int parse_array(struct wl_parse *p, struct sim_kernel *k,
		       char names[][SIM_MAX_NAMES])
{
	struct sim_lexer *lx = &p->lx;
	struct sim_array *a;
	u64 bytes = 64 << 20, tile = 0;
	int i;

	if (lx->ntok < 3)
		return sim_lex_err(lx, "array NAME PATTERN [txn N] "
				   "[footprint BYTES] [tile BYTES]");
	if (k->narr == SIM_MAX_ARRAYS)
		return sim_lex_err(lx, "more than %d arrays", SIM_MAX_ARRAYS);
	if (strlen(lx->tok[1]) >= SIM_MAX_NAMES ||
	    find_array(k, lx->tok[1], names) >= 0)
		return sim_lex_err(lx, "array name '%s' too long or repeated",
				   lx->tok[1]);
	a = &k->arr[k->narr];
	memset(a, 0, sizeof(*a));
	a->txn = 1;
	for (i = 0; i < 4; i++)
		if (!strcmp(lx->tok[2], pattern_names[i]))
			break;
	if (i == 4)
		return sim_lex_err(lx, "pattern must be stream, random, "
				   "broadcast or tile");
	a->pattern = (u8)i;
	for (i = 3; i < lx->ntok; i += 2) {
		const char *key = lx->tok[i];

		if (i + 1 >= lx->ntok)
			return sim_lex_err(lx, "'%s' needs a value", key);
		if (!strcmp(key, "txn")) {
			if (sim_lex_u32(lx, lx->tok[i + 1], &a->txn))
				return -1;
			if (a->txn < 1 || a->txn > 32)
				return sim_lex_err(lx, "txn must be 1..32");
		} else if (!strcmp(key, "footprint")) {
			if (sim_lex_u64(lx, lx->tok[i + 1], &bytes))
				return -1;
		} else if (!strcmp(key, "tile")) {
			if (sim_lex_u64(lx, lx->tok[i + 1], &tile))
				return -1;
		} else {
			return sim_lex_err(lx, "unknown array option '%s'", key);
		}
	}
	a->lines = bytes / 128;
	a->tile = tile / 128;
	if (!a->lines)
		return sim_lex_err(lx, "footprint below one 128-byte line");
	if (a->pattern == PAT_TILE && (!a->tile || a->tile > a->lines))
		return sim_lex_err(lx, "tile pattern needs 0 < tile <= footprint");
	a->base = array_base(p->w, lx->tok[1], a->lines);
	strcpy(names[k->narr++], lx->tok[1]);
	return 0;
}

static int emit(struct wl_parse *p, struct sim_kernel *k,
		const struct sim_inst *in, u32 repeat)
{
	while (repeat--) {
		if (k->ninst >= SIM_MAX_INSTS - 1)	/* room for OP_EXIT */
			return sim_lex_err(&p->lx, "more than %d instructions",
					   SIM_MAX_INSTS - 1);
		k->inst[k->ninst++] = *in;
	}
	return 0;
}

/* One instruction line of a kernel's code. */
static int parse_inst(struct wl_parse *p, struct sim_kernel *k,
		      char names[][SIM_MAX_NAMES], u32 *stack, int *depth)
{
	static const struct {
		const char *name;
		enum sim_op op;
		int dst;	/* first operand is a destination register */
		int arr;	/* takes an array operand */
	} ops[] = {
		{ "alu", OP_ALU, 1, 0 }, { "sfu", OP_SFU, 1, 0 },
		{ "ld", OP_LD, 1, 1 }, { "st", OP_ST, 0, 1 },
		{ "lds", OP_LDS, 1, 0 }, { "sts", OP_STS, 0, 0 },
		{ "bar", OP_BAR, 0, 0 },
	};
	struct sim_lexer *lx = &p->lx;
	struct sim_inst in;
	u32 i, repeat = 1, n;
	int t = 1, a;

	memset(&in, 0, sizeof(in));
	in.dst = SIM_NOREG;
	in.conflict = 1;
	if (!strcmp(lx->tok[0], "loop")) {
		if (lx->ntok < 2 || lx->ntok > 3)
			return sim_lex_err(lx, "loop N [M]");
		if (*depth == SIM_MAX_LOOP_DEPTH)
			return sim_lex_err(lx, "loops nested deeper than %d",
					   SIM_MAX_LOOP_DEPTH);
		if (sim_lex_u32(lx, lx->tok[1], &in.lo))
			return -1;
		in.hi = in.lo;
		if (lx->ntok == 3 && sim_lex_u32(lx, lx->tok[2], &in.hi))
			return -1;
		if (in.hi < in.lo)
			return sim_lex_err(lx, "loop range must be ascending");
		in.op = OP_LOOP;
		stack[(*depth)++] = k->ninst;
		return emit(p, k, &in, 1);
	}
	if (!strcmp(lx->tok[0], "endloop")) {
		u32 start;

		if (!*depth)
			return sim_lex_err(lx, "endloop without loop");
		start = stack[--(*depth)];
		for (i = start + 1; i < k->ninst; i++)
			if (k->inst[i].op < OP_EXIT)
				break;
		if (i == k->ninst)
			return sim_lex_err(lx, "empty loop body");
		in.op = OP_ENDLOOP;
		in.jump = start + 1;
		if (emit(p, k, &in, 1))
			return -1;
		k->inst[start].jump = k->ninst;
		return 0;
	}
	for (i = 0; i < sizeof(ops) / sizeof(ops[0]); i++)
		if (!strcmp(lx->tok[0], ops[i].name))
			break;
	if (i == sizeof(ops) / sizeof(ops[0]))
		return sim_lex_err(lx, "unknown instruction '%s'", lx->tok[0]);
	in.op = (u8)ops[i].op;
	if (ops[i].dst) {
		if (t >= lx->ntok)
			return sim_lex_err(lx, "%s needs a destination register",
					   ops[i].name);
		if (reg(lx, lx->tok[t++], &in.dst))
			return -1;
	}
	if (ops[i].arr) {
		if (t >= lx->ntok)
			return sim_lex_err(lx, "%s needs an array", ops[i].name);
		a = find_array(k, lx->tok[t], names);
		if (a < 0)
			return sim_lex_err(lx, "unknown array '%s'", lx->tok[t]);
		in.arr = (u8)a;
		t++;
	}
	for (; t < lx->ntok; t++) {
		const char *s = lx->tok[t];

		if (s[0] == '*') {
			if (sim_lex_u32(lx, s + 1, &repeat))
				return -1;
			if (!repeat)
				return sim_lex_err(lx, "repeat count must be > 0");
		} else if (!strncmp(s, "conflict=", 9) &&
			   (in.op == OP_LDS || in.op == OP_STS)) {
			if (sim_lex_u32(lx, s + 9, &n))
				return -1;
			if (n < 1 || n > 32)
				return sim_lex_err(lx, "conflict must be 1..32");
			in.conflict = (u8)n;
		} else {
			if (in.op == OP_BAR)
				return sim_lex_err(lx, "bar takes no operands");
			if (in.nsrc == 3)
				return sim_lex_err(lx, "at most 3 sources");
			if (reg(lx, s, &in.src[in.nsrc]))
				return -1;
			in.nsrc++;
		}
	}
	return emit(p, k, &in, repeat);
}

static int parse_kernel(struct wl_parse *p)
{
	struct sim_lexer *lx = &p->lx;
	struct sim_workload *w = p->w;
	char names[SIM_MAX_ARRAYS][SIM_MAX_NAMES];
	struct sim_kernel *k;
	u32 stack[SIM_MAX_LOOP_DEPTH], threads = 0, i;
	int depth = 0, in_code = 0, n;
	double grid;

	if (lx->ntok != 2 || strlen(lx->tok[1]) >= SIM_MAX_NAMES)
		return sim_lex_err(lx, "kernel needs one short name");
	for (i = 0; i < w->nkern; i++)
		if (!strcmp(w->kern[i].name, lx->tok[1]))
			return sim_lex_err(lx, "kernel '%s' defined twice",
					   lx->tok[1]);
	if (w->nkern == SIM_MAX_KERNELS)
		return sim_lex_err(lx, "more than %d kernels", SIM_MAX_KERNELS);
	k = &w->kern[w->nkern];
	memset(k, 0, sizeof(*k));
	strcpy(k->name, lx->tok[1]);
	while ((n = sim_lex_next(lx)) > 0) {
		const char *key = lx->tok[0];

		if (!strcmp(key, "endkernel"))
			break;
		if (!strcmp(key, "frame"))
			return sim_lex_err(lx, "'frame' belongs to the launch "
					   "sequence, not inside kernel '%s'",
					   k->name);
		if (in_code) {
			if (parse_inst(p, k, names, stack, &depth))
				return -1;
			continue;
		}
		if (!strcmp(key, "code")) {
			in_code = 1;
		} else if (!strcmp(key, "array")) {
			if (parse_array(p, k, names))
				return -1;
		} else if (!strcmp(key, "grid") || !strcmp(key, "block") ||
			   !strcmp(key, "blocks_per_sm")) {
			u32 v;

			if (lx->ntok != 2 || sim_lex_u32(lx, lx->tok[1], &v))
				return lx->ntok != 2 ?
					sim_lex_err(lx, "%s needs one value", key) : -1;
			if (key[0] == 'g')
				k->blocks = v;
			else if (!strcmp(key, "block"))
				threads = v;
			else
				k->blocks_per_sm = v;
		} else {
			return sim_lex_err(lx, "unknown kernel key '%s'", key);
		}
	}
	if (n < 0)
		return -1;
	if (!n)
		return sim_lex_err(lx, "end of file inside kernel '%s'", k->name);
	if (depth)
		return sim_lex_err(lx, "loop not closed in kernel '%s'", k->name);
	if (!k->blocks || !threads || threads % 32 || threads > 32 * 64)
		return sim_lex_err(lx, "kernel '%s' needs grid > 0 and block a "
				   "multiple of 32 up to 2048", k->name);
	if (!k->ninst)
		return sim_lex_err(lx, "kernel '%s' has no code", k->name);
	k->wpb = threads / 32;
	grid = fmax(1.0, floor(k->blocks * p->scale + 0.5));
	/*
	 * Warps are numbered in a u32 across the grid; the test also keeps
	 * the cast to u32 below defined (p->scale is finite and > 0).
	 */
	if (grid * k->wpb > SIM_MAX_GRID_WARPS)
		return sim_lex_err(lx, "kernel '%s': grid %u x scale %g x %u "
				   "warps per block is more than %u warps",
				   k->name, k->blocks, p->scale, k->wpb,
				   SIM_MAX_GRID_WARPS);
	k->blocks = (u32)grid;
	k->inst[k->ninst].op = OP_EXIT;
	k->inst[k->ninst].dst = SIM_NOREG;
	k->ninst++;
	/* Kernels are laid out one after another, 256-byte aligned. */
	k->pc_base = w->next_pc;
	w->next_pc += ((k->ninst * 8 + 255) / 256) * 256;
	w->nkern++;
	return 0;
}

static int parse_run(struct wl_parse *p)
{
	struct sim_lexer *lx = &p->lx;
	struct sim_workload *w = p->w;
	u32 i, count = 1;

	if (lx->ntok < 2 || lx->ntok > 3)
		return sim_lex_err(lx, "run KERNEL [COUNT]");
	for (i = 0; i < w->nkern; i++)
		if (!strcmp(w->kern[i].name, lx->tok[1]))
			break;
	if (i == w->nkern)
		return sim_lex_err(lx, "unknown kernel '%s'", lx->tok[1]);
	if (lx->ntok == 3 && sim_lex_u32(lx, lx->tok[2], &count))
		return -1;
	if (!p->run_allowed)
		return 0;
	/* nlaunch <= SIM_MAX_LAUNCH: no sum that could wrap at 32 bits */
	if (count > SIM_MAX_LAUNCH - w->nlaunch)
		return sim_lex_err(lx, "%u more launches after %u: more than "
				   "%d in all", count, w->nlaunch,
				   SIM_MAX_LAUNCH);
	while (count--)
		w->launch[w->nlaunch++] = (u8)i;
	return 0;
}

/*
 * A frame is what frame-paced work (a rendered frame, a training step, a
 * decoded picture) submits per deadline: every launch since the previous
 * marker.  Like runs, markers in a used file are checked and ignored.
 */
static int parse_frame(struct wl_parse *p)
{
	struct sim_lexer *lx = &p->lx;
	struct sim_workload *w = p->w;
	u32 start = w->nframe ? w->frame_end[w->nframe - 1] : 0;

	if (lx->ntok != 1)
		return sim_lex_err(lx, "frame takes no arguments");
	if (!p->run_allowed)
		return 0;
	if (w->nlaunch == start)
		return sim_lex_err(lx, "empty frame: no 'run' since the %s",
				   w->nframe ? "previous 'frame'" : "start");
	w->frame_end[w->nframe++] = w->nlaunch;
	return 0;
}

/* parse_file() of a file that is being read already: a use cycle */
#define WL_CYCLE	1

static int parse_file(struct wl_parse *p, const char *path, char *err);

static int parse_use(struct wl_parse *p)
{
	struct sim_lexer *lx = &p->lx;
	char dir[PATH_MAX * 2], full[PATH_MAX * 2];
	struct wl_parse used;
	int n;

	if (lx->ntok != 2)
		return sim_lex_err(lx, "use FILE");
	if (p->depth >= 4)
		return sim_lex_err(lx, "use nested too deeply");
	snprintf(dir, sizeof(dir), "%s", lx->path);
	if (snprintf(full, sizeof(full), "%s/%s", dirname(dir), lx->tok[1]) >=
	    (int)sizeof(full))
		return sim_lex_err(lx, "use: path longer than %zu bytes",
				   sizeof(full) - 1);
	used = (struct wl_parse){ .w = p->w, .files = p->files, .scale = p->scale,
				  .depth = p->depth + 1 };
	n = parse_file(&used, full, lx->err);
	if (n == WL_CYCLE)
		return sim_lex_err(lx, "use %s: a cycle: that file is being read, "
				   "and would use itself", lx->tok[1]);
	if (n) {
		char inner[SIM_ERR_MAX];
		size_t len = strlen(lx->err), cut = 0;

		/*
		 * The used file's "file:line: message" can fill the buffer
		 * alone; keep its end, where its file name and message are,
		 * so that this file's name and line fit before it.
		 */
		if (len > SIM_ERR_MAX / 2)
			cut = len - SIM_ERR_MAX / 2;
		snprintf(inner, sizeof(inner), "%s", lx->err + cut);
		return sim_lex_err(lx, "in used file: %s%s", cut ? "..." : "",
				   inner);
	}
	return 0;
}

/*
 * Parse @path into p->w at nesting p->depth (0: the top file, whose runs
 * count); a file read before is not parsed again.  Return: 0, -1 with
 * "file:line: message" in @err, or WL_CYCLE for a file being read.
 */
static int parse_file(struct wl_parse *p, const char *path, char *err)
{
	struct sim_workload *w = p->w;
	struct wl_file *f;
	struct stat st;
	int n;

	p->run_allowed = !p->depth;
	if (sim_lex_open(&p->lx, path, err))
		return -1;
	if (fstat(fileno(p->lx.in.f), &st)) {
		n = sim_lex_err(&p->lx, "%s", strerror(errno));
		goto out;
	}
	f = file_find(p->files, (u64)st.st_dev, (u64)st.st_ino);
	if (!f || f->state != WL_NEW) {
		n = !f ? sim_lex_err(&p->lx, "out of memory") :
		    f->state == WL_READING ? WL_CYCLE : 0;
		goto out;
	}
	f->state = WL_READING;
	while ((n = sim_lex_next(&p->lx)) > 0) {
		const char *key = p->lx.tok[0];

		if (!strcmp(key, "kernel"))
			n = parse_kernel(p);
		else if (!strcmp(key, "run"))
			n = parse_run(p);
		else if (!strcmp(key, "frame"))
			n = parse_frame(p);
		else if (!strcmp(key, "use"))
			n = parse_use(p);
		else
			n = sim_lex_err(&p->lx, "unknown key '%s'", key);
		if (n < 0)
			break;
	}
	/* found, not added: the table may have moved while used files were read */
	file_find(p->files, (u64)st.st_dev, (u64)st.st_ino)->state = WL_READ;
	if (!n && !p->depth && !w->nlaunch)
		n = sim_lex_err(&p->lx, "no 'run' line");
	/* launches after the last marker would otherwise belong to none */
	if (!n && !p->depth && w->nframe &&
	    w->frame_end[w->nframe - 1] < w->nlaunch)
		w->frame_end[w->nframe++] = w->nlaunch;
out:
	sim_lex_close(&p->lx);
	return n < 0 ? -1 : n;
}

/**
 * sim_workload_load() - read a workload file
 * @w: filled on success
 * @path: the .wl file; its base name without extension names the workload
 * @scale: factor on every kernel's grid (1.0 as written)
 * @err: SIM_ERR_MAX bytes for "file:line: message"
 */
int sim_workload_load(struct sim_workload *w, const char *path, double scale,
		      char *err)
{
	struct wl_files files = { 0 };
	struct wl_parse top = { .w = w, .files = &files, .scale = scale };
	char tmp[PATH_MAX], *base, *dot;
	int ret;

	memset(w, 0, sizeof(*w));
	if (!isfinite(scale) || scale <= 0) {
		gpugov_err_at(err, SIM_ERR_MAX, path, 0, "grid scale %g is not "
			      "a finite number > 0", scale);
		return -1;
	}
	snprintf(tmp, sizeof(tmp), "%s", path);
	base = basename(tmp);
	dot = strrchr(base, '.');
	if (dot)
		*dot = '\0';
	snprintf(w->name, sizeof(w->name), "%s", base);
	ret = parse_file(&top, path, err);
	free(files.slot);
	return ret;
}
