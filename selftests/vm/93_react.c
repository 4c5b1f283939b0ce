// SPDX-License-Identifier: GPL-2.0
/*
 * 93_react.c - gpugov's own timer (react) in the guest.
 *
 * - The react and frame_period_us stores refuse bad input with EINVAL and
 *   keep the value they had.
 * - With react timer, on CLOCK_MONOTONIC (the per-segment mode: an
 *   hrtimer), the timer ticks between the device's polls; it stands down
 *   across a suspend and ticks again after the resume; after STOP (a
 *   governor switch, with devfreq's own polling off so that nothing else
 *   asks the device) nothing asks the device any more; gpugov unloads
 *   and the kernel log stays clean (no work of its left queued to run
 *   freed code).
 * - Arming: with devfreq's polling off, a `react timer` write alone
 *   starts the ticks and `react off` stops them; while suspended the
 *   write arms nothing, and the resume arms the timer; a switch to gpugov
 *   while the device is suspended neither ticks nor polls it until the
 *   resume, which starts both.
 * - On the device's simulated clock (real-time mode: the source's timer),
 *   the timer's decisions are `timer` events of rt_log, and after a switch
 *   to simple_ondemand mid-run none follows.  A second run starts the
 *   simulated clock again from 0: gpugov takes it as a new timeline and
 *   ticks through it as through the first (it would otherwise wait for a
 *   vsync planned at the first run's end).
 * - react fence, the default, on CLOCK_MONOTONIC with devfreq's polling
 *   off: no timer while no fence deadline comes; a deadline wakes gpugov
 *   when it is given (its .set_deadline), and 400 ms after it the timer
 *   stands down again.
 */
#include "vmtap.h"

static unsigned long long ticks(void)
{
	return vt_key(vt_govdbg(0, "stats"), "ticks");
}

static unsigned long long polls(void)
{
	return vt_key(vt_simdbg(0, "status"), "polls");
}

/* Each of @bad written to @file fails with EINVAL and leaves its value. */
static void refuses(const char *file, const char *const *bad, size_t n)
{
	char before[64], after[64];
	size_t i, ok = 0;

	if (vt_read_line(vt_tunable(0, file), before, sizeof(before))) {
		vt_ok(0, "%s readable", file);
		return;
	}
	for (i = 0; i < n; i++)
		ok += vt_write_str(vt_tunable(0, file), bad[i]) == -EINVAL;
	vt_ok(ok == n && !vt_read_line(vt_tunable(0, file), after, sizeof(after)) &&
	      !strcmp(before, after),
	      "%s: %zu of %zu bad values refused (EINVAL), value stays '%s'",
	      file, ok, n, before);
}

/* Bad values refused, then @good accepted and read back. */
static void store(const char *file, const char *const *bad, size_t n,
		  const char *good)
{
	char v[64];

	refuses(file, bad, n);
	vt_ok(!vt_write_str(vt_tunable(0, file), good) &&
	      !vt_read_line(vt_tunable(0, file), v, sizeof(v)) && !strcmp(v, good),
	      "%s %s accepted", file, good);
}

static void stores(void)
{
	static const char *const bad_fp[] = { "1999", "100001", "-1", "abc",
		"16666x", "4294967296", "1 2" };
	static const char *const bad_react[] = { "poll", "sometimes", "timerx",
		"timer off", "2" };
	static const char *const fp[] = { "16666", "0" };
	static const char *const react[] = { "off", "fence", "frame", "timer" };
	size_t i;

	for (i = 0; i < 2; i++)
		store("frame_period_us", bad_fp, sizeof(bad_fp) / sizeof(bad_fp[0]), fp[i]);
	for (i = 0; i < sizeof(react) / sizeof(react[0]); i++)
		store("react", bad_react, sizeof(bad_react) / sizeof(bad_react[0]),
		      react[i]);
}

/* The hrtimer: ticks, suspend, STOP, unload. */
static void own_clock(void)
{
	unsigned long long t0, t1, p0, p1;

	if (!vt_ok(!vt_setup(NULL), "modules load"))
		return;
	vt_replay_loop(DATA_DIR "/sweep.blob", 4096);
	stores();
	vt_ok(vt_wait_polls(0, 2, 10000), "polling");
	t0 = ticks();
	vt_sleep_ms(200);
	t1 = ticks();
	vt_ok(t0 != ~0ULL && t1 > t0 + 8,
	      "react timer: %llu ticks in 200 ms, between 4 polls", t1 - t0);
	vt_diag("cost in this guest (QEMU TCG): %llu ticks/s, %llu ns a decision (latency_avg_ns)",
		(t1 - t0) * 5, vt_key(vt_govdbg(0, "stats"), "latency_avg_ns"));

	vt_ok(!vt_write_str(vt_simdbg(0, "suspend"), "1"), "device suspended");
	t0 = ticks();
	vt_sleep_ms(200);
	t1 = ticks();
	vt_ok(t1 == t0, "no tick while suspended (%llu -> %llu)", t0, t1);
	vt_ok(!vt_write_str(vt_simdbg(0, "suspend"), "0") &&
	      vt_wait_polls(0, 2, 10000) && ticks() > t1,
	      "ticks again after the resume");

	/* devfreq's polls off: only gpugov's timer asks the device */
	vt_ok(!vt_write_str(vt_devfreq(0, "polling_interval"), "0"),
	      "devfreq polling off");
	p0 = polls();
	vt_sleep_ms(100);
	p1 = polls();
	vt_ok(p1 > p0, "gpugov's timer alone decides (%llu decisions in 100 ms)",
	      p1 - p0);
	vt_ok(!vt_set_governor(0, "simple_ondemand"), "gpugov stopped (switch)");
	p0 = polls();
	vt_sleep_ms(300);
	p1 = polls();
	vt_ok(p1 == p0, "no tick after STOP: the device not asked in 300 ms (%llu -> %llu)",
	      p0, p1);
	/* gpugov_sim holds gpugov (its source) and goes first */
	vt_ok(!vt_teardown() && !vt_module_loaded("gpugov"),
	      "gpugov unloads after its timer stood down");
	vt_sleep_ms(100);
}

/* Ticks and decisions over @ms: both 0 means nothing asked the device. */
static void quiet_for(unsigned int ms, unsigned long long *dt,
		      unsigned long long *dp)
{
	unsigned long long t0 = ticks(), p0 = polls();

	vt_sleep_ms(ms);
	*dt = ticks() - t0;
	*dp = polls() - p0;
}

/*
 * Over 300 ms, @on: the timer ticks and asks the device (more than 4 of
 * each: the two counters are read apart, a tick may fall between them);
 * else neither.
 */
static void ticking(bool on, const char *what)
{
	unsigned long long dt, dp;

	quiet_for(300, &dt, &dp);
	vt_ok(on ? dt > 4 && dp > 4 : !dt && !dp,
	      "%s: %llu ticks, %llu decisions in 300 ms", what, dt, dp);
}

/* What arms the timer besides a poll: a react write, a START, a resume. */
static void arming(void)
{
	unsigned long long dt, dp, t0;
	char v[32];

	if (!vt_ok(!vt_setup(NULL), "modules load"))
		return;
	vt_replay_loop(DATA_DIR "/sweep.blob", 4096);
	vt_ok(!vt_read_line(vt_devfreq(0, "polling_interval"), v, sizeof(v)) &&
	      !vt_write_str(vt_tunable(0, "react"), "off") &&
	      !vt_write_str(vt_devfreq(0, "polling_interval"), "0"),
	      "react off, devfreq polling off (was %s ms)", v);
	vt_sleep_ms(100);
	ticking(false, "nothing asks the device");
	vt_ok(!vt_write_str(vt_tunable(0, "react"), "timer"), "react timer written");
	ticking(true, "the write armed the timer");
	vt_ok(!vt_write_str(vt_tunable(0, "react"), "off"), "react off written");
	vt_sleep_ms(100);
	ticking(false, "the write disarmed it");
	vt_ok(!vt_write_str(vt_simdbg(0, "suspend"), "1") &&
	      !vt_write_str(vt_tunable(0, "react"), "timer"),
	      "suspended, then react timer written");
	ticking(false, "a write while suspended arms nothing");
	vt_ok(!vt_write_str(vt_simdbg(0, "suspend"), "0"), "resumed, polling still off");
	ticking(true, "the resume armed the timer");

	/* react timer is kept across the switches (gpugov_keep.c) */
	vt_ok(!vt_write_str(vt_devfreq(0, "polling_interval"), v) &&
	      !vt_set_governor(0, "simple_ondemand") &&
	      !vt_write_str(vt_simdbg(0, "suspend"), "1") &&
	      !vt_set_governor(0, "gpugov"),
	      "react timer, polling %s ms, then suspended and switched to gpugov", v);
	t0 = ticks();
	quiet_for(400, &dt, &dp);
	vt_ok(!vt_read_line(vt_tunable(0, "react"), v, sizeof(v)) &&
	      !strcmp(v, "timer") && t0 == 0 && !dt && !dp,
	      "START while suspended: react %s, no tick and no poll in 400 ms (%llu ticks, %llu decisions)",
	      v, t0 + dt, dp);
	dp = !vt_write_str(vt_simdbg(0, "suspend"), "0") && vt_wait_polls(0, 2, 10000);
	dt = ticks();
	vt_ok(dp && dt > 0 && dt != ~0ULL,
	      "the resume starts the polls and the timer (%llu ticks)", dt);
	vt_set_governor(0, "simple_ondemand");
	vt_ok(!vt_teardown(), "teardown");
}

static char log[4096 * 64];

/* rt_log's timer decisions; @late: those at index @from or after. */
static unsigned int timer_decisions(unsigned long long from, unsigned int *late)
{
	unsigned int timers = 0, idx;
	unsigned long long t;
	char ev[16], *l, *nl;

	*late = 0;
	if (vt_read(vt_simdbg(0, "rt_log"), log, sizeof(log)) <= 0)
		return 0;
	for (l = log; *l; l = nl + 1) {
		if (sscanf(l, "%u,%llu,%15[^,],", &idx, &t, ev) == 3 &&
		    !strcmp(ev, "timer")) {
			timers++;
			*late += idx >= from;
		}
		nl = strchr(l, '\n');
		if (!nl)
			break;
	}
	return timers;
}

/* The simulated clock: timer decisions in rt_log, none after a switch. */
static void sim_clock(void)
{
	unsigned long long len;
	unsigned int timers, late;

	if (!vt_ok(!vt_setup("profile=panfrost rt_hz=60"), "modules load, real time"))
		return;
	vt_ok(!vt_load_blob(0, DATA_DIR "/sweep.blob", 65536) &&
	      !vt_set_governor(0, "gpugov") &&
	      !vt_write_str(vt_tunable(0, "react"), "timer") &&
	      !vt_write_str(vt_simdbg(0, "run"), "1") && vt_wait_polls(0, 4, 10000),
	      "real-time run under gpugov, react timer");
	vt_ok(!vt_set_governor(0, "simple_ondemand"), "switch to simple_ondemand mid-run");
	len = vt_key(vt_simdbg(0, "status"), "rt_log_len");
	vt_ok(vt_wait_polls(0, 4, 10000), "simple_ondemand polls on");
	timers = timer_decisions(len, &late);
	vt_ok(timers > 0 && !late && len != ~0ULL,
	      "%u timer decisions on the simulated clock, none after the switch (%llu decisions then)",
	      timers, len);
	vt_ok(!vt_teardown(), "teardown");
}

/* Two runs one after the other: the clock goes back to 0 between them. */
static void new_run(void)
{
	unsigned int first, second, late;

	if (!vt_ok(!vt_setup("profile=panfrost rt_hz=60"), "modules load, real time"))
		return;
	vt_ok(!vt_load_blob(0, DATA_DIR "/sweep.blob", 65536) &&
	      !vt_set_governor(0, "gpugov") &&
	      !vt_write_str(vt_tunable(0, "react"), "timer") &&
	      !vt_write_str(vt_tunable(0, "frame_period_us"), "16666") &&
	      !vt_write_str(vt_simdbg(0, "run"), "1") && vt_wait_done(0, 300000),
	      "first real-time run under gpugov, react timer, the hint");
	first = timer_decisions(0, &late);
	vt_ok(!vt_write_str(vt_simdbg(0, "run"), "1") && vt_wait_done(0, 300000),
	      "second run, simulated time from 0 again");
	second = timer_decisions(0, &late);
	vt_ok(first > 100 && second * 10 >= first * 9,
	      "gpugov ticks through the second run as through the first (%u and %u timer decisions)",
	      first, second);
	vt_set_governor(0, "simple_ondemand");
	vt_ok(!vt_teardown(), "teardown");
}

/*
 * react fence: woken by a fence deadline, quiet without one, and on the
 * fences' grid from the second.
 */
static void fence_wake(void)
{
	unsigned long long t0, dt;
	char v[32];

	if (!vt_ok(!vt_setup(NULL), "modules load"))
		return;
	vt_replay_loop(DATA_DIR "/sweep.blob", 4096);
	vt_ok(!vt_read_line(vt_tunable(0, "react"), v, sizeof(v)) &&
	      !strcmp(v, "fence") &&
	      !vt_write_str(vt_devfreq(0, "polling_interval"), "0"),
	      "react %s by default, devfreq polling off", v);
	vt_sleep_ms(100);
	ticking(false, "react fence, no fence deadline: no timer");
	t0 = ticks();
	vt_ok(!vt_write_str(vt_simdbg(0, "fence"), "16000000"),
	      "a fence deadline 16 ms ahead given");
	vt_sleep_ms(16);
	dt = ticks() - t0;
	vt_ok(t0 != ~0ULL && dt == 1,
	      "the deadline woke gpugov once, no poll, no probes: %llu ticks in 16 ms",
	      dt);
	t0 = ticks();
	vt_ok(!vt_write_str(vt_simdbg(0, "fence"), "16000000"),
	      "the next deadline, 16 ms after the first");
	vt_sleep_ms(100);
	dt = ticks() - t0;
	vt_ok(t0 != ~0ULL && dt >= 3 && dt != ~0ULL,
	      "the period known: gpugov ticks on the fences' grid, %llu ticks in 100 ms",
	      dt);
	vt_sleep_ms(600);
	ticking(false, "400 ms past the deadline: at polls again, no timer");
	vt_set_governor(0, "simple_ondemand");
	vt_ok(!vt_teardown(), "teardown");
}

int main(void)
{
	fence_wake();
	own_clock();
	arming();
	sim_clock();
	new_run();
	return vt_done();
}
