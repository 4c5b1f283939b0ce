// SPDX-License-Identifier: GPL-2.0
/*
 * test_fence.c - the frame deadline a counter source keeps
 * (predictors/gpugov_fence.c), by the dma-fence contract: the soonest
 * pending deadline wins, one in the past is "now", and one that fell due
 * is handed to gpugov once and then stands as no later frame's boundary.
 */
#include "tap.h"
#include "gpugov_fence.h"

#define MS	1000000ULL

/* Deadlines given while others are pending: the soonest stays. */
static void test_soonest(void)
{
	u64 kept = 0;

	gpugov_fence_set(&kept, 30 * MS, 10 * MS);
	tap_ok(kept == 30 * MS, "a first deadline is kept (%llu)",
	       (unsigned long long)kept);
	gpugov_fence_set(&kept, 46 * MS, 12 * MS);
	tap_ok(kept == 30 * MS,
	       "a later deadline does not replace a sooner pending one (%llu)",
	       (unsigned long long)kept);
	gpugov_fence_set(&kept, 20 * MS, 13 * MS);
	tap_ok(kept == 20 * MS, "a sooner one replaces it (%llu)",
	       (unsigned long long)kept);
	gpugov_fence_set(&kept, 20 * MS, 14 * MS);
	tap_ok(kept == 20 * MS, "the same one again changes nothing");
}

/* A deadline in the past is an immediate one. */
static void test_past(void)
{
	u64 kept = 0;

	gpugov_fence_set(&kept, 5 * MS, 9 * MS);
	tap_ok(kept == 9 * MS, "a past deadline is taken as now (%llu, now 9 ms)",
	       (unsigned long long)kept);
	kept = 40 * MS;
	gpugov_fence_set(&kept, 1 * MS, 11 * MS);
	tap_ok(kept == 11 * MS,
	       "a past deadline beats a pending later one: now (%llu)",
	       (unsigned long long)kept);
	kept = 0;
	gpugov_fence_set(&kept, 0, 0);
	tap_ok(kept == 1, "a deadline at time 0 is kept as 1 ns, not as none");
	kept = 0;
	gpugov_fence_set(&kept, 0, 7 * MS);
	tap_ok(kept == 7 * MS, "deadline 0 (a ktime at or before 0) is now");
}

/* Due deadlines: superseded by the next set, cleared once handed over. */
static void test_due(void)
{
	u64 kept = 0, d;

	gpugov_fence_set(&kept, 16 * MS, 1 * MS);
	d = gpugov_fence_take(&kept, 10 * MS);
	tap_ok(d == 16 * MS && kept == 16 * MS,
	       "a pending deadline is handed over and stays (%llu)",
	       (unsigned long long)d);
	gpugov_fence_set(&kept, 33 * MS, 16 * MS);
	tap_ok(kept == 33 * MS,
	       "one due at the set (16 ms at 16 ms) is superseded by the next frame's");
	gpugov_fence_set(&kept, 50 * MS, 40 * MS);
	tap_ok(kept == 50 * MS,
	       "one past due and never read (33 ms at 40 ms) is superseded too");
	d = gpugov_fence_take(&kept, 50 * MS);
	tap_ok(d == 50 * MS && !kept,
	       "a deadline due at the tick is handed over once and cleared");
	tap_ok(!gpugov_fence_take(&kept, 51 * MS), "the next tick gets none");
	gpugov_fence_set(&kept, 90 * MS, 60 * MS);
	tap_ok(kept == 90 * MS, "a later frame's deadline is kept after it (%llu)",
	       (unsigned long long)kept);
	kept = 0;
	tap_ok(!gpugov_fence_take(&kept, 5 * MS), "no deadline: 0");
}

/*
 * A variable-refresh display: every deadline is "now" when it is set.
 * Each is due at once; gpugov's ticks each see the latest one once.
 */
static void test_vrr(void)
{
	u64 kept = 0, t, d, want;
	u32 ok = 0, n = 0;

	/* frames arrive at 3, 19, 35, ... ms; gpugov ticks every 50 ms */
	for (t = 0; t < 200 * MS; t += MS) {
		if (t % (16 * MS) == 3 * MS)
			gpugov_fence_set(&kept, t, t);
		if (t % (50 * MS))
			continue;
		d = gpugov_fence_take(&kept, t);
		want = t < 3 * MS ? 0 : (t - 3 * MS) / (16 * MS) * 16 * MS + 3 * MS;
		ok += d == want && !kept;
		n++;
	}
	tap_ok(ok == n && n == 4,
	       "VRR: each tick sees the last frame's deadline (now at its set) once, then none is kept (%u of %u ticks)",
	       ok, n);
}

int main(void)
{
	test_soonest();
	test_past();
	test_due();
	test_vrr();
	return tap_done("fence");
}
