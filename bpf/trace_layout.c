// SPDX-License-Identifier: GPL-2.0
/*
 * trace_layout.c - offsets of struct gpugov_dev for the BPF side.
 *
 * struct gpugov_dev (governor/gpugov.h) is built from predictors/ types,
 * which compile in user space too, plus a few kernel-only members: two
 * pointers, an unsigned long array and bools.  The mirror below keeps
 * every member in order and gives the kernel-only ones user-space types of
 * the same size and alignment (x86-64 and the other LP64 ABIs), so
 * offsetof() on the mirror is offsetof() in the module.
 *
 * Kept honest two ways: `make bpf-layout` compares every member with the
 * DWARF of the built gpugov.ko (pahole), and where the running module has
 * BTF, gt_layout_check_btf() compares with it before anything is loaded.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <bpf/btf.h>

#include "gpugov_frame.h"
#include "gpugov_policy.h"
#include "gpugov_predict.h"
#include "trace_layout.h"

/* struct gpugov_stats of governor/gpugov.h */
struct gt_gpugov_stats {
	u64 decisions;
	u64 fallbacks;
	u64 source_samples;
	u64 errors;
	u64 lat_min_ns;
	u64 lat_max_ns;
	u64 lat_sum_ns;
};

/* struct gpugov_dev of governor/gpugov.h, member for member */
struct gt_gpugov_dev {
	void *df;				/* struct devfreq * */
	enum gpugov_pred_id predictor;
	struct gpugov_policy_params params;
	struct gpugov_opp_table table;
	unsigned long opp_hz[GPUGOV_MAX_OPPS];
	bool em_power;
	struct gpugov_pred_state pred;
	struct gpugov_policy_state policy;
	u64 last_ns;
	struct gpugov_sample sample;
	struct gpugov_sample scratch;
	struct gpugov_decision dec;
	enum gpugov_pred_id used;
	bool have_dec;
	struct gt_gpugov_stats stats;
	struct gpugov_frame_state frame;
	void *tick;				/* struct gpugov_timer * */
	void *debugfs;				/* struct dentry * */
	bool sysfs_done;
};

#define MEMBER(m) { #m, offsetof(struct gt_gpugov_dev, m), \
		    sizeof(((struct gt_gpugov_dev *)0)->m) }

const struct gt_member gt_dev_members[] = {
	MEMBER(df), MEMBER(predictor), MEMBER(params), MEMBER(table),
	MEMBER(opp_hz), MEMBER(em_power), MEMBER(pred), MEMBER(policy),
	MEMBER(last_ns),
	MEMBER(sample), MEMBER(scratch), MEMBER(dec), MEMBER(used), MEMBER(have_dec),
	MEMBER(stats), MEMBER(frame), MEMBER(tick), MEMBER(debugfs),
	MEMBER(sysfs_done),
};

const size_t gt_nr_dev_members = ARRAY_SIZE(gt_dev_members);
const size_t gt_dev_size = sizeof(struct gt_gpugov_dev);

#define DEV_OFF(m)	((__u32)offsetof(struct gt_gpugov_dev, m))

/**
 * gt_layout_fill() - the offsets the BPF decision handler reads at
 * @l: out
 */
void gt_layout_fill(struct gt_layout *l)
{
	memset(l, 0, sizeof(*l));
	l->predictor = DEV_OFF(predictor);
	l->used = DEV_OFF(used);
	l->objective = DEV_OFF(params.objective);
	l->table_opp = DEV_OFF(table.opp[0].core_khz);
	l->opp_size = sizeof(struct gpugov_opp);
	l->sample = DEV_OFF(sample);
	l->cur = DEV_OFF(dec.cur);
	l->best = DEV_OFF(dec.best);
	l->chosen = DEV_OFF(dec.chosen);
	l->reason = DEV_OFF(dec.reason);
	l->lo = DEV_OFF(dec.lo);
	l->hi = DEV_OFF(dec.hi);
	l->time_ps = DEV_OFF(dec.time_ps[0]);
	l->energy_pj = DEV_OFF(dec.energy_pj[0]);
	l->metric_q16 = DEV_OFF(dec.metric_q16[0]);
	l->decisions = DEV_OFF(stats.decisions);
}

/* Compare the mirror with struct gpugov_dev in @btf. */
static int check_struct(const struct btf *btf, char *err, size_t errlen)
{
	const struct btf_type *t;
	const struct btf_member *m;
	size_t i;
	__s32 id;
	int j;

	id = btf__find_by_name_kind(btf, "gpugov_dev", BTF_KIND_STRUCT);
	if (id < 0) {
		snprintf(err, errlen, "no struct gpugov_dev in the module's BTF");
		return -1;
	}
	t = btf__type_by_id(btf, id);
	if (t->size != gt_dev_size) {
		snprintf(err, errlen, "struct gpugov_dev is %u bytes in the module, %zu here",
			 t->size, gt_dev_size);
		return -1;
	}
	for (i = 0; i < gt_nr_dev_members; i++) {
		const struct gt_member *g = &gt_dev_members[i];
		long off = -1;

		m = btf_members(t);
		for (j = 0; j < btf_vlen(t); j++, m++)
			if (!strcmp(btf__name_by_offset(btf, m->name_off), g->name))
				off = btf_member_bit_offset(t, j) / 8;
		if (off != (long)g->off) {
			snprintf(err, errlen, "struct gpugov_dev.%s is at %ld in the module, %zu here",
				 g->name, off, g->off);
			return -1;
		}
	}
	return 0;
}

/**
 * gt_layout_check_btf() - check the mirror against a module's BTF
 * @btf_path: e.g. /sys/kernel/btf/gpugov (split BTF on top of vmlinux)
 * @err: out, what differs
 * @errlen: size of @err
 *
 * Return: 0 if every member is where this build expects it, -1 if not or
 * if the BTF cannot be read (@err says which).
 */
int gt_layout_check_btf(const char *btf_path, char *err, size_t errlen)
{
	struct btf *vmlinux, *mod;
	int ret;

	vmlinux = btf__load_vmlinux_btf();
	if (!vmlinux) {
		snprintf(err, errlen, "cannot read the kernel's BTF: %s", strerror(errno));
		return -1;
	}
	mod = btf__parse_split(btf_path, vmlinux);
	if (!mod) {
		snprintf(err, errlen, "cannot read %s: %s", btf_path, strerror(errno));
		btf__free(vmlinux);
		return -1;
	}
	ret = check_struct(mod, err, errlen);
	btf__free(mod);
	btf__free(vmlinux);
	return ret;
}
