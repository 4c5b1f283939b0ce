// SPDX-License-Identifier: GPL-2.0
/*
 * 88_fence.c - fence deadlines through the counter source, by the
 * dma-fence contract (gpugov_source_set_deadline(), gpugov_fence.c).
 *
 * gpugov_sim's `fence` file hands gpugov's source a deadline N ns from
 * now, as a driver's .set_deadline does; gpugov's decision file shows
 * the one it took at its last tick (fence_ns).  On CLOCK_MONOTONIC (the
 * per-segment mode), with gpugov polling every 10 ms:
 * - a later deadline given while a sooner one is pending does not
 *   replace it: the soonest wins;
 * - a deadline in the past is taken as now (it also beats the pending
 *   one), and once handed over it is no boundary for a later frame: the
 *   next deadline, later, is taken;
 * - deadlines given from several processes at once: the soonest of all
 *   of them is kept (no update lost between a test and its store);
 * - bad input is refused with EINVAL and changes nothing; without a
 *   counter source, ENODEV.
 */
#include <sys/wait.h>
#include "vmtap.h"

#define SEC	1000000000LL

static unsigned long long mono_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (unsigned long long)ts.tv_sec * 1000000000ULL + ts.tv_nsec;
}

static unsigned long long fence_ns(void)
{
	return vt_key(vt_govdbg(0, "decision"), "fence_ns");
}

/* Hand a deadline @in_ns from now; *@t0, *@t1: the clock around it. */
static int fence_in(long long in_ns, unsigned long long *t0,
		    unsigned long long *t1)
{
	char v[32];
	int err;

	snprintf(v, sizeof(v), "%lld", in_ns);
	*t0 = mono_ns();
	err = vt_write_str(vt_simdbg(0, "fence"), v);
	*t1 = mono_ns();
	return err;
}

static bool within(unsigned long long v, unsigned long long lo,
		   unsigned long long hi)
{
	return v >= lo && v <= hi;
}

#define WRITERS		4
#define PER_WRITER	200

/*
 * WRITERS processes each hand PER_WRITER deadlines FAR ahead and up to
 * 0.5 s more (the soonest is the first writer's first, none of them a
 * writer's last); the one kept must be the soonest of all: within the
 * soonest of the deadlines' lower bounds (the clock before each write)
 * and of their upper bounds (after it).  FAR is long enough that none
 * falls due, and is handed over and cleared, while 800 writes run on a
 * slow guest (0.5 s was not, on the debug kernel); the caller lets every
 * earlier deadline pass first.
 */
#define FAR	(20 * SEC)

/* Wait until @t (CLOCK_MONOTONIC) has passed and two polls after it. */
static void pass(unsigned long long t)
{
	while (mono_ns() < t)
		usleep(10000);
	vt_wait_polls(0, 2, 10000);
}
static void concurrent(void)
{
	unsigned long long b[2], lo = ~0ULL, hi = ~0ULL, t0, t1, f;
	int fd[2], c, i, st, ok = 0;
	long long in;

	if (pipe(fd)) {
		vt_ok(0, "pipe");
		return;
	}
	for (c = 0; c < WRITERS; c++) {
		if (fork())
			continue;
		b[0] = b[1] = ~0ULL;
		for (i = 0; i < PER_WRITER; i++) {
			in = FAR + (long long)(c * PER_WRITER + i) * 7919 % (SEC / 2);
			if (fence_in(in, &t0, &t1))
				_exit(1);
			if (t0 + in < b[0])
				b[0] = t0 + in;
			if (t1 + in < b[1])
				b[1] = t1 + in;
		}
		_exit(write(fd[1], b, sizeof(b)) != sizeof(b));
	}
	close(fd[1]);
	while (read(fd[0], b, sizeof(b)) == sizeof(b)) {
		lo = b[0] < lo ? b[0] : lo;
		hi = b[1] < hi ? b[1] : hi;
	}
	close(fd[0]);
	for (c = 0; c < WRITERS; c++)
		ok += wait(&st) > 0 && WIFEXITED(st) && !WEXITSTATUS(st);
	vt_wait_polls(0, 2, 10000);
	f = fence_ns();
	vt_ok(ok == WRITERS && within(f, lo, hi),
	      "%d writers x %d deadlines at once: the soonest of all is kept (%lld ms ahead)",
	      WRITERS, PER_WRITER, (long long)(f - (lo - FAR)) / 1000000);
}

int main(void)
{
	static const char *const bad[] = { "abc", "1x", "3600000000001",
		"-3600000000001", "99999999999999999999" };
	unsigned long long a0, a1, b0, b1, f, before;
	size_t i, refused = 0;

	if (!vt_ok(!vt_setup(NULL), "modules load"))
		return vt_done();
	vt_replay_loop(DATA_DIR "/sweep.blob", 4096);
	vt_ok(vt_wait_polls(0, 2, 10000), "polling");

	vt_ok(!fence_in(2 * SEC, &a0, &a1) && !fence_in(4 * SEC, &b0, &b1),
	      "deadlines 2 s and then 4 s ahead given");
	vt_wait_polls(0, 2, 10000);
	f = fence_ns();
	vt_ok(within(f, a0 + 2 * SEC, a1 + 2 * SEC),
	      "a later deadline does not replace the sooner pending one (took %lld ms ahead)",
	      (long long)(f - a0) / 1000000);

	vt_ok(!fence_in(-SEC, &a0, &a1), "a deadline 1 s in the past given");
	vt_wait_polls(0, 2, 10000);
	f = fence_ns();
	vt_ok(within(f, a0, a1),
	      "a past deadline is taken as now, before the pending one (%lld ms from the set)",
	      (long long)(f - a0) / 1000000);

	vt_ok(!fence_in(3 * SEC, &a0, &a1), "then a deadline 3 s ahead");
	vt_wait_polls(0, 2, 10000);
	f = fence_ns();
	vt_ok(within(f, a0 + 3 * SEC, a1 + 3 * SEC),
	      "the due one, handed over, is no boundary any more: the later one is taken");

	pass(a1 + 3 * SEC);	/* nothing pending: the writers' alone count */
	concurrent();

	before = fence_ns();
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		refused += vt_write_str(vt_simdbg(0, "fence"), bad[i]) == -EINVAL;
	vt_wait_polls(0, 2, 10000);
	vt_ok(refused == i && fence_ns() == before,
	      "%zu of %zu bad values refused (EINVAL), the deadline stays", refused, i);

	vt_ok(!vt_write_str(vt_simdbg(0, "stock"), "1") &&
	      vt_write_str(vt_simdbg(0, "fence"), "1000") == -ENODEV,
	      "no counter source: ENODEV");
	vt_set_governor(0, "simple_ondemand");
	vt_ok(!vt_teardown(), "teardown");
	return vt_done();
}
