// SPDX-License-Identifier: GPL-2.0
/*
 * 77_profiles.c - gpugov on gpugov_sim set up as each stock GPU driver
 * sets up devfreq (profile=sim|panfrost|panthor|lima|msm), with a stock
 * device (busy/total only) and with the Mali counter mode, under a
 * thermal cap and a min_freq floor, and across a runtime suspend/resume
 * in the middle of a run.
 *
 * For every profile x {stock, mali} x {cap, suspend/resume}, the OPP of
 * every segment the kernel ran equals the predictors/ library's decision
 * for the sample the device gave (libref.h's protocol), computed here
 * with the same allowed range, the same busy/total arithmetic of the
 * profile (sim_model.h: msm's microseconds and 19.2 MHz busy cycles) and
 * the same Mali counter deltas (no sample after a power-down or a wrap:
 * the busy/total sample instead).  Under a cap, every OPP the device ran
 * lies in the allowed range, gpugov's debugfs shows the range it chose
 * in, and the library's choice among the allowed OPPs differs, for at
 * least one run, from clamping its unconstrained choice (which the
 * devfreq core alone would do), so the comparison tells the two apart.
 * Also: each profile's polling interval, cooling device and trans_stat;
 * msm's device starting suspended, its idle stash and its boost floor;
 * Mali counters that wrap.
 */
#include <dirent.h>

#include "libref.h"
#include "sim_model.h"

#define BLOB	DATA_DIR "/sweep.blob"
#define MAX_SEGS 4096

enum mode { STOCK, MALI };

struct profile {
	const char *name;
	unsigned int polling_ms;
	bool msm;
};

static const struct profile profiles[] = {
	{ "sim", 10, false }, { "panfrost", 50, false },
	{ "panthor", 50, false }, { "lima", 50, false }, { "msm", 50, true },
};

static struct blob blob;
static unsigned int differs_from_clamp;
static bool has_devfreq_cooling;	/* CONFIG_DEVFREQ_THERMAL */

/* What one run needs to be reproduced. */
struct run {
	const struct profile *prof;
	enum mode mode;
	struct gpugov_opp_range r;	/* allowed OPPs */
	u32 resume_at;			/* first segment after a resume, or ~0 */
	u32 wrap_at;			/* segment whose Mali read wraps, or ~0 */
	u64 busy_sum_ns;		/* the device's busy total at the start */
	bool exact_ns;			/* status in exact ns whatever the profile */
	u32 n;
	unsigned char kern[MAX_SEGS];
};

/*
 * The busy/total sample gpugov builds from what the profile's
 * get_dev_status() reports for segment @seg at @opp (busy scaled to the
 * interval; the kernel measures the interval on its own clock, and only
 * the ratio matters to the models).
 */
static void status_sample(const struct run *rn, u32 seg, u32 opp, u64 *busy_sum,
			  struct gpugov_sample *s)
{
	u64 iv = field(&blob, seg, opp, GPUGOV_SB_INTERVAL_NS);
	u64 busy = field(&blob, seg, opp, GPUGOV_SB_BUSY_NS), total = iv;

	if (rn->prof->msm && !rn->exact_ns) {
		u64 c0 = sim_msm_cycles(*busy_sum);

		busy = busy < iv ? busy : iv;
		*busy_sum += busy;
		total = iv / 1000;
		busy = sim_msm_busy_us(sim_msm_cycles(*busy_sum) - c0);
	} else if (strcmp(rn->prof->name, "sim")) {
		busy = busy < iv ? busy : iv;
	}
	memset(s, 0, offsetof(struct gpugov_sample, waves));
	s->interval_ns = iv;
	if (total)
		s->busy_ns = (u64)((unsigned __int128)iv *
				   (busy < total ? busy : total) / total);
	s->core_khz = blob.table.opp[opp].core_khz;
}

/* Mali counter mode: the record's times and clock, and the Mali fields. */
static void mali_sample(u32 seg, u32 opp, struct gpugov_sample *s)
{
	struct gpugov_sample full;

	sample_of(&blob, seg, opp, &full);
	gpugov_mali_view(s, &full);
}

/*
 * The library's OPP for every segment of @rn, starting at @first; with
 * @clamp, it decides over every OPP and the result is clamped into the
 * range instead (what the devfreq core alone would make of it).
 */
static void ref_run(const struct run *rn, const struct config *c, u32 first,
		    bool clamp, unsigned char *out)
{
	static struct gpugov_sample s;
	static struct gpugov_decision d;
	static struct gpugov_policy_state ps;
	struct gpugov_opp_range all = { 0, blob.nr_opps - 1 };
	struct gpugov_pred_state st;
	struct gpugov_policy_params p;
	int pid = ref_init(c, &st, &ps, &p);
	u64 busy_sum = rn->busy_sum_ns;
	u32 seg, opp = first;

	for (seg = 0; seg < rn->n; seg++) {
		out[seg] = opp;
		if (seg == rn->resume_at)
			gpugov_policy_restart(&ps);
		status_sample(rn, seg, opp, &busy_sum, &s);
		if (rn->mode == MALI && seg != rn->resume_at && seg != rn->wrap_at)
			mali_sample(seg, opp, &s);
		gpugov_pred_observe(&st, &s);
		gpugov_decision_predict(&st, pid, &s, &blob.table, &d);
		if (clamp) {
			gpugov_decide_in(&p, &ps, &blob.table, &all, &s, &d);
			opp = clamp_t(u32, d.chosen, rn->r.lo, rn->r.hi);
		} else {
			gpugov_decide_in(&p, &ps, &blob.table, &rn->r, &s, &d);
			opp = d.chosen;
		}
	}
}

/*
 * The kernel has devfreq cooling devices (CONFIG_DEVFREQ_THERMAL): without,
 * devfreq_cooling_register() is a stub that fails, and the sim goes on
 * without one, as the drivers do.  The debug kernel (tools/vm) has none.
 */
static bool kernel_has_devfreq_cooling(void)
{
	FILE *f = fopen("/proc/kallsyms", "r");
	char line[256];
	bool found = false;

	while (f && !found && fgets(line, sizeof(line), f)) {
		char *sym = strrchr(line, ' ');

		found = sym && !strcmp(sym, " devfreq_cooling_register\n");
	}
	if (f)
		fclose(f);
	return found;
}

static int write_u(const char *path, unsigned long long v)
{
	char buf[32];

	snprintf(buf, sizeof(buf), "%llu", v);
	return vt_write_str(path, buf);
}

static unsigned long long hz(u32 opp)
{
	return (unsigned long long)blob.table.opp[opp].core_khz * 1000;
}

static char *path_in(const char *dir, const char *file)
{
	static char p[640];

	snprintf(p, sizeof(p), "%s/%s", dir, file);
	return p;
}

/* CLOCK_MONOTONIC in ms. */
static unsigned long long now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000ULL + ts.tv_nsec / 1000000;
}

/* When the last devfreq device was created: between these two. */
static unsigned long long born_after_ms, born_before_ms;

/* A fresh devfreq device with the trace, resumed, under gpugov and @c. */
static int start_device(const struct run *rn, const struct config *c)
{
	int err;

	born_after_ms = now_ms();
	err = vt_load_blob(0, BLOB, 65536);
	born_before_ms = now_ms();
	return err ||
	       (rn->prof->msm && vt_write_str(vt_simdbg(0, "suspend"), "0")) ||
	       vt_write_str(vt_simdbg(0, "stock"), rn->mode == STOCK ? "1" : "0") ||
	       vt_write_str(vt_simdbg(0, "mali"), rn->mode == MALI ? "1" : "0") ||
	       vt_set_governor(0, "gpugov") ||
	       vt_write_str(vt_tunable(0, "predictor"), c->predictor) ||
	       vt_write_str(vt_tunable(0, "objective"), c->objective) ||
	       set_num("max_slowdown", c->max_slowdown) ||
	       set_num("hysteresis", c->hysteresis);
}

/* Read the log of a finished run into rn->kern. */
static int read_log(struct run *rn)
{
	static char buf[1 << 17];
	char *line, *save;
	u32 i = 0;

	if (vt_read(vt_simdbg(0, "log"), buf, sizeof(buf)) <= 0)
		return -1;
	for (line = strtok_r(buf, "\n", &save); line && i < rn->n;
	     line = strtok_r(NULL, "\n", &save)) {
		unsigned int seg, opp, khz;

		if (sscanf(line, "%u %u %u", &seg, &opp, &khz) != 3 || seg != i)
			return -1;
		rn->kern[i++] = opp;
	}
	return i == rn->n ? 0 : -1;
}

/*
 * The kernel's capped run equals what `gpugov-replay run --allowed LO:HI
 * --stock|--mali` computed on the host (mkexpect.sh).  msm's stock device
 * reports busy time as 19.2 MHz cycles over microseconds where the tool's
 * --stock has exact ns, and a decision at the margin follows the rounding
 * (the kernel does: check_run() compares it with the library on msm's
 * figures).  There the tool is compared with the library on exact ns.
 */
static void replay_compare(const struct run *rn, const struct config *c)
{
	static char buf[MAX_SEGS * 4];
	static unsigned char exact[MAX_SEGS];
	static struct run ex;
	char path[256], *line, *save;
	const char *mode = rn->mode == MALI ? "mali" : "stock";
	const char *who = "kernel";
	const unsigned char *seq = rn->kern;
	u32 i = 0, same = 0, first = ~0U;

	snprintf(path, sizeof(path),
		 DATA_DIR "/expect-range/sweep__%s__%s__%u__%u__%s__%u_%u.seq",
		 c->predictor, c->objective, c->max_slowdown, c->hysteresis, mode,
		 rn->r.lo, rn->r.hi);
	if (vt_read(path, buf, sizeof(buf)) <= 0) {
		vt_ok(0, "%s present", path);
		return;
	}
	if (rn->prof->msm && rn->mode != MALI) {
		ex = *rn;
		ex.exact_ns = true;
		ref_run(&ex, c, rn->kern[0], false, exact);
		seq = exact;
		who = "library on exact ns";
	}
	for (line = strtok_r(buf, "\n", &save); line && i < rn->n;
	     line = strtok_r(NULL, "\n", &save), i++) {
		if (seq[i] == (unsigned char)atoi(line))
			same++;
		else if (first == ~0U)
			first = i;
	}
	vt_ok(i == rn->n && same == rn->n,
	      "%s %s: %s = gpugov-replay run --allowed %u:%u --%s (%u of %u segments equal)",
	      rn->prof->name, mode, who, rn->r.lo, rn->r.hi, mode, same, rn->n);
	if (first != ~0U)
		vt_diag("segment %u: %s OPP %u, gpugov-replay's differs", first,
			who, seq[first]);
}

static unsigned long long source_samples(void)
{
	return vt_key(vt_govdbg(0, "stats"), "source_samples");
}

/* Kernel == library over the run, and (with a cap) the range held. */
static void check_run(const struct run *rn, const struct config *c,
		    const char *what)
{
	static unsigned char ref[MAX_SEGS], clamped[MAX_SEGS];
	u32 i, out = 0;

	ref_run(rn, c, rn->kern[0], false, ref);
	for (i = 0; i < rn->n && rn->kern[i] == ref[i]; i++)
		;
	vt_ok(i == rn->n, "%s %s %s %s/%s: kernel = library over %u segments",
	      rn->prof->name, rn->mode == MALI ? "mali" : "stock", what,
	      c->predictor, c->objective, rn->n);
	if (i < rn->n)
		vt_diag("segment %u: kernel OPP %u, library OPP %u", i,
			rn->kern[i], ref[i]);
	for (i = 1; i < rn->n; i++)
		out += rn->kern[i] < rn->r.lo || rn->kern[i] > rn->r.hi;
	vt_ok(!out, "%s %s %s: every segment after the first ran within OPPs %u..%u (%u outside)",
	      rn->prof->name, rn->mode == MALI ? "mali" : "stock", what,
	      rn->r.lo, rn->r.hi, out);
	ref_run(rn, c, rn->kern[0], true, clamped);
	differs_from_clamp += !!memcmp(ref, clamped, rn->n);
}

/* A run of the whole blob on @pr in @mode, OPPs @lo..@hi allowed. */
static void run_init(struct run *rn, const struct profile *pr, enum mode mode,
		     u32 lo, u32 hi)
{
	memset(rn, 0, sizeof(*rn));
	rn->prof = pr;
	rn->mode = mode;
	rn->n = blob.nr_segs;
	rn->resume_at = ~0U;
	rn->wrap_at = ~0U;
	rn->r.lo = lo;
	rn->r.hi = hi;
}

/* A run under a thermal cap (stock) or a max_freq cap (mali) and a floor. */
static void cap_run(const struct profile *pr, enum mode mode,
		    const struct config *c, const char *cdev)
{
	static struct run rn;
	char dec[1024];
	unsigned long long s0;
	bool thermal = mode == STOCK && cdev;
	int err;

	run_init(&rn, pr, mode, 1, blob.nr_opps - 2);
	err = start_device(&rn, c) ||
	      (thermal ? write_u(path_in(cdev, "cur_state"), 1) :
			 write_u(vt_devfreq(0, "max_freq"), hz(rn.r.hi))) ||
	      write_u(vt_devfreq(0, "min_freq"), hz(rn.r.lo));
	/* Idle polls first: the run starts at the floor. */
	err = err || !vt_wait_polls(0, 2, 5000);
	rn.busy_sum_ns = vt_key(vt_simdbg(0, "status"), "busy_sum_ns");
	s0 = source_samples();
	err = err || vt_write_str(vt_simdbg(0, "run"), "1") ||
	      !vt_wait_done(0, 120000) || read_log(&rn);
	if (!vt_ok(!err, "%s %s: run under %s cap and min_freq floor", pr->name,
		   mode == MALI ? "mali" : "stock", thermal ? "thermal" : "max_freq"))
		return;
	check_run(&rn, c, thermal ? "thermal cap" : "max_freq cap");
	replay_compare(&rn, c);
	if (vt_read(vt_govdbg(0, "decision"), dec, sizeof(dec)) <= 0)
		dec[0] = 0;
	vt_ok(vt_snap_key(dec, "allowed_lo") == rn.r.lo &&
	      vt_snap_key(dec, "allowed_hi") == rn.r.hi &&
	      vt_snap_key(dec, "allowed_lo_khz") * 1000 == hz(rn.r.lo) &&
	      vt_snap_key(dec, "allowed_hi_khz") * 1000 == hz(rn.r.hi) &&
	      vt_snap_key(dec, "chosen") >= rn.r.lo &&
	      vt_snap_key(dec, "chosen") <= rn.r.hi,
	      "%s: debugfs decision shows OPPs %u..%u allowed (%llu..%llu Hz), chosen within",
	      pr->name, rn.r.lo, rn.r.hi, hz(rn.r.lo), hz(rn.r.hi));
	if (mode == MALI)
		vt_ok(source_samples() - s0 >= rn.n,
		      "%s mali: every segment gave a counter sample", pr->name);
	if (thermal)
		write_u(path_in(cdev, "cur_state"), 0);
	else
		write_u(vt_devfreq(0, "max_freq"), hz(blob.nr_opps - 1));
	write_u(vt_devfreq(0, "min_freq"), 0);
}

/*
 * Stop the run @more segments after @pos (sooner if it ends); rn->n and
 * rn->kern become the segments it ran.  The rest of the trace would check
 * nothing new and cost guest time.
 */
static int stop_after(struct run *rn, unsigned long long pos, unsigned int more)
{
	unsigned long long n;

	if (!vt_wait_pos(0, pos + more) || vt_write_str(vt_simdbg(0, "run"), "0"))
		return -1;
	n = vt_key(vt_simdbg(0, "status"), "consumed");
	if (n <= pos || n > rn->n)
		return -1;
	rn->n = n;
	return read_log(rn);
}

/* A run with a runtime suspend and resume after 20 segments or more. */
static void suspend_run(const struct profile *pr, enum mode mode,
			const struct config *c)
{
	static struct run rn;
	char st[1024];
	unsigned long long pos, polls, s0;
	int err;

	run_init(&rn, pr, mode, 0, blob.nr_opps - 1);
	err = start_device(&rn, c) || !vt_wait_polls(0, 2, 5000);
	rn.busy_sum_ns = vt_key(vt_simdbg(0, "status"), "busy_sum_ns");
	s0 = source_samples();
	err = err || vt_write_str(vt_simdbg(0, "run"), "1") || !vt_wait_pos(0, 20) ||
	      vt_write_str(vt_simdbg(0, "suspend"), "1") ||
	      vt_read(vt_simdbg(0, "status"), st, sizeof(st)) <= 0;
	pos = vt_snap_key(st, "pos");
	polls = vt_snap_key(st, "polls");
	vt_sleep_ms(30);
	err = err || vt_key(vt_simdbg(0, "status"), "polls") != polls ||
	      pos == 0 || pos >= rn.n;
	rn.resume_at = pos;
	err = err || vt_write_str(vt_simdbg(0, "suspend"), "0") ||
	      stop_after(&rn, pos, 40);
	if (!vt_ok(!err, "%s %s: run suspended after segment %llu, no polls while suspended, resumed, stopped 40 later",
		   pr->name, mode == MALI ? "mali" : "stock", pos))
		return;
	check_run(&rn, c, "suspend/resume");
	if (mode == MALI)
		vt_ok(source_samples() - s0 == rn.n - 1,
		      "%s mali: counters cleared by the power-down gave no sample once (%llu samples, %u segments)",
		      pr->name, source_samples() - s0, rn.n);
}

/* Mali counters near 2^32: the read that wraps gives no sample. */
static void wrap_run(const struct profile *pr, const struct config *c)
{
	static struct run rn;
	unsigned long long s0;
	int err;

	run_init(&rn, pr, MALI, 0, blob.nr_opps - 1);
	rn.wrap_at = 0;
	err = start_device(&rn, c) || !vt_wait_polls(0, 2, 5000) ||
	      vt_write_str(vt_simdbg(0, "mali_counters"), "4294967295");
	rn.busy_sum_ns = vt_key(vt_simdbg(0, "status"), "busy_sum_ns");
	s0 = source_samples();
	err = err || vt_write_str(vt_simdbg(0, "run"), "1") ||
	      stop_after(&rn, 0, 40);
	if (!vt_ok(!err, "%s mali: 40 segments with the counters at 2^32 - 1", pr->name))
		return;
	check_run(&rn, c, "counter wrap");
	vt_ok(source_samples() - s0 == rn.n - 1,
	      "%s mali: the wrapping read gave no sample (%llu samples, %u segments)",
	      pr->name, source_samples() - s0, rn.n);
}

/*
 * trans_stat: the transitions counted equal the total, and the times in
 * the states add up to the device's age (give or take two 4 ms jiffies).
 */
static void check_trans_stat(const struct profile *pr)
{
	static char buf[8192];
	unsigned long long sum_trans = 0, total = ~0ULL, time_ms = 0, v;
	unsigned long long t0 = now_ms(), t1, age_min, age_max;
	char *line, *save, *tok, *tsave;
	unsigned int rows = 0, col;
	int n = vt_read(vt_devfreq(0, "trans_stat"), buf, sizeof(buf));

	t1 = now_ms();
	age_min = t0 - born_before_ms;
	age_max = t1 - born_after_ms;
	if (n <= 0) {
		vt_ok(0, "%s: trans_stat readable", pr->name);
		return;
	}
	for (line = strtok_r(buf, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		if (sscanf(line, "Total transition : %llu", &v) == 1) {
			total = v;
			continue;
		}
		/* Rows are "[*] FREQ: N N ... N TIME_MS"; skip the headers. */
		tok = line + strspn(line, "* ");
		if (!strchr(line, ':') || *tok < '0' || *tok > '9')
			continue;
		tok = strtok_r(strchr(line, ':') + 1, " ", &tsave);
		for (col = 0; tok; col++, tok = strtok_r(NULL, " ", &tsave)) {
			v = strtoull(tok, NULL, 10);
			if (col < blob.nr_opps)
				sum_trans += v;
			else
				time_ms += v;
		}
		rows++;
	}
	vt_ok(rows == blob.nr_opps && total == sum_trans && total > 0 &&
	      time_ms + 8 >= age_min && time_ms <= age_max + 8,
	      "%s: trans_stat %u rows, transitions %llu = total %llu, %llu ms in the states, device age %llu..%llu ms",
	      pr->name, rows, sum_trans, total, time_ms, age_min, age_max);
}

/* msm: a device that starts suspended, the idle stash and the boost. */
static void msm_checks(void)
{
	char dec[1024], cur[32], floor[32];
	unsigned long long lo_khz = blob.table.opp[0].core_khz, boost_lo;
	u32 i;
	int err;

	vt_ok(!vt_load_blob(0, BLOB, 65536) &&
	      vt_key(vt_simdbg(0, "status"), "suspended") == 1,
	      "msm: a new devfreq device starts suspended (msm_devfreq_init)");
	err = vt_write_str(vt_simdbg(0, "suspend"), "0") ||
	      vt_set_governor(0, "gpugov") ||
	      vt_write_str(vt_devfreq(0, "polling_interval"), "200");
	/* Idle polls under gpugov bring the device to the lowest OPP. */
	for (i = 0; !err && i < 100 && vt_key(vt_simdbg(0, "status"), "cur") != 0; i++)
		vt_sleep_ms(50);
	err = err || vt_write_str(vt_simdbg(0, "gpu_idle"), "1");
	vt_ok(!err && vt_key(vt_simdbg(0, "status"), "cur") == 0,
	      "msm: at the lowest OPP, GPU idle");
	/*
	 * While idle, a target only replaces the stash, which is what
	 * devfreq reads back: the OPP in force stays.
	 */
	err = write_u(vt_devfreq(0, "min_freq"), hz(blob.nr_opps - 1)) ||
	      vt_read_line(vt_devfreq(0, "cur_freq"), cur, sizeof(cur));
	vt_ok(!err && vt_key(vt_simdbg(0, "status"), "cur") == 0 &&
	      strtoull(cur, NULL, 10) == hz(blob.nr_opps - 1),
	      "msm: a floor at the top while idle moves only the stash (cur_freq %s)",
	      err ? "?" : cur);
	err = write_u(vt_devfreq(0, "min_freq"), 0);
	vt_sleep_ms(300);
	for (boost_lo = 0; boost_lo < blob.nr_opps &&
	     blob.table.opp[boost_lo].core_khz < 2 * lo_khz; boost_lo++)
		;
	err = err || vt_write_str(vt_simdbg(0, "gpu_idle"), "0") ||
	      vt_read(vt_govdbg(0, "decision"), dec, sizeof(dec)) <= 0 ||
	      vt_read_line(vt_devfreq(0, "min_freq"), floor, sizeof(floor));
	if (err)
		dec[0] = floor[0] = 0;
	vt_ok(!err && strtoull(floor, NULL, 10) == 2 * lo_khz * 1000 &&
	      vt_snap_key(dec, "allowed_lo") == boost_lo,
	      "msm: active after idling longer than the polling interval: boost floor %llu Hz (min_freq %s), gpugov's lowest allowed OPP %llu (%llu)",
	      2 * lo_khz * 1000, floor, boost_lo, vt_snap_key(dec, "allowed_lo"));
	vt_sleep_ms(700);
	if (vt_read(vt_govdbg(0, "decision"), dec, sizeof(dec)) <= 0 ||
	    vt_read_line(vt_devfreq(0, "min_freq"), floor, sizeof(floor)))
		dec[0] = floor[0] = 0;
	vt_ok(strtoull(floor, NULL, 10) == lo_khz * 1000 &&
	      vt_snap_key(dec, "allowed_lo") == 0,
	      "msm: the boost ends after one polling interval (min_freq %s, allowed_lo %llu)",
	      floor, vt_snap_key(dec, "allowed_lo"));
	vt_write_str(vt_devfreq(0, "polling_interval"), "1");
}

static void one_profile(const struct profile *pr)
{
	static const struct config stock_cfg = { "busy", "deadline", 5, 0, NULL };
	static const struct config mali_cfg = { "stall", "energy", 5, 0, NULL };
	char params[64], st[1024];
	const char *cdev;

	snprintf(params, sizeof(params), "profile=%s", pr->name);
	if (!vt_ok(!vt_setup(params), "modules load, %s", params))
		return;
	snprintf(params, sizeof(params), "profile %s\n", pr->name);
	vt_ok(vt_read(vt_simdbg(0, "status"), st, sizeof(st)) > 0 &&
	      strstr(st, params), "%s: status names the profile", pr->name);
	vt_ok(vt_key(vt_simdbg(0, "status"), "suspended") == pr->msm,
	      "%s: %s at probe", pr->name, pr->msm ? "suspended" : "running");
	if (pr->msm)
		vt_write_str(vt_simdbg(0, "suspend"), "0");
	{
		char pi[32];

		vt_ok(!vt_read_line(vt_devfreq(0, "polling_interval"), pi, sizeof(pi)) &&
		      strtoul(pi, NULL, 10) == pr->polling_ms,
		      "%s: polling every %u ms", pr->name, pr->polling_ms);
	}
	cdev = vt_cooling_dir();
	if (has_devfreq_cooling) {
		unsigned long long nr = vt_key(vt_simdbg(0, "status"), "nr_opps");
		char ms[32];

		vt_ok(cdev && !vt_read_line(path_in(cdev, "max_state"), ms, sizeof(ms)) &&
		      strtoull(ms, NULL, 10) + 1 == nr,
		      "%s: cooling device devfreq-" SIM_DEV "0, max_state %s for %llu OPPs",
		      pr->name, cdev ? ms : "?", nr);
	} else {
		vt_ok(!cdev && vt_read(vt_simdbg(0, "status"), st, sizeof(st)) > 0 &&
		      strstr(st, "cooling none\n"),
		      "%s: a kernel without devfreq cooling: the device runs without one",
		      pr->name);
		vt_ok(1, "%s: thermal cap # SKIP kernel without CONFIG_DEVFREQ_THERMAL: a max_freq cap instead",
		      pr->name);
	}
	vt_ok(!vt_write_str(vt_devfreq(0, "polling_interval"), "1"),
	      "%s: polling every 1 ms", pr->name);
	cap_run(pr, STOCK, &stock_cfg, vt_cooling_dir());
	check_trans_stat(pr);
	cap_run(pr, MALI, &mali_cfg, vt_cooling_dir());
	suspend_run(pr, STOCK, &stock_cfg);
	suspend_run(pr, MALI, &mali_cfg);
	if (!strcmp(pr->name, "panfrost"))
		wrap_run(pr, &mali_cfg);
	if (pr->msm)
		msm_checks();
	vt_set_governor(0, "simple_ondemand");
	vt_ok(!vt_teardown(), "%s: teardown", pr->name);
}

int main(void)
{
	size_t i;

	if (!vt_ok(!blob_read(BLOB, &blob) && blob.nr_segs <= MAX_SEGS &&
		   blob.nr_opps >= 4, "blob readable: %u segments, %u OPPs",
		   blob.nr_segs, blob.nr_opps))
		return vt_done();
	has_devfreq_cooling = kernel_has_devfreq_cooling();
	vt_ok(vt_setup("profile=nonsense") == -EINVAL &&
	      !vt_module_loaded("gpugov_sim") && !vt_teardown(),
	      "profile=nonsense: gpugov_sim refuses to load (EINVAL)");
	for (i = 0; i < sizeof(profiles) / sizeof(profiles[0]); i++)
		one_profile(&profiles[i]);
	vt_ok(differs_from_clamp > 0,
	      "the library's choice among the allowed OPPs differs from clamping its unconstrained choice in %u runs",
	      differs_from_clamp);
	return vt_done();
}
