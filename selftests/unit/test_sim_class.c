// SPDX-License-Identifier: GPL-2.0
/*
 * test_sim_class.c - the simulator's counter hardware against CRISP:
 * the section 3.5 classification rules one by one, and the timestamp
 * mechanism of section 3.6 replaying the section 3.4/3.5 example
 * (Fig. 6), whose published numbers are LCP 20 (adjusted 21 with the
 * stall at cycle 27), 4 load-stall cycles, CRIT 20 and LEAD 8+5+5 = 18.
 */
#include "tap.h"
#include "crisp_count.h"

static enum crisp_class cls(u8 issued, u8 load_out, u8 store_out, u8 lsu_raw,
			    u8 arith, u8 full, u8 conflict)
{
	struct crisp_flags f = {
		.issued = issued, .width = 2, .load_out = load_out,
		.store_out = store_out, .lsu_raw = lsu_raw, .arith_haz = arith,
		.res_full = full, .conflict = conflict,
	};

	return crisp_classify(&f);
}

static void test_rules(void)
{
	tap_ok(cls(2, 1, 1, 1, 0, 1, 0) == CRISP_BUSY, "dual issue is busy");
	tap_ok(cls(1, 1, 0, 1, 1, 0, 0) == CRISP_BUSY,
	       "single issue with an arithmetic hazard is busy");
	tap_ok(cls(1, 1, 0, 1, 0, 0, 0) == CRISP_LOAD_STALL,
	       "single issue without one is idle (here a load stall)");
	tap_ok(cls(0, 1, 1, 1, 0, 1, 1) == CRISP_COMP,
	       "(A) bank conflict: computation despite everything else");
	tap_ok(cls(0, 0, 0, 0, 0, 1, 0) == CRISP_COMP,
	       "(A) no miss outstanding: computation");
	tap_ok(cls(0, 1, 1, 1, 1, 1, 0) == CRISP_LOAD_STALL,
	       "(B) RAW on a load beats an arithmetic hazard: load stall");
	tap_ok(cls(0, 1, 0, 0, 1, 1, 0) == CRISP_COMP,
	       "(B) arithmetic hazard beats full MSHRs: computation");
	tap_ok(cls(0, 1, 1, 0, 0, 1, 0) == CRISP_LOAD_STALL,
	       "(B) full MSHR/LSQ with a load out: load stall");
	tap_ok(cls(0, 1, 0, 0, 0, 0, 0) == CRISP_COMP,
	       "(B)->(D) load out, no cause found: computation");
	tap_ok(cls(0, 0, 1, 0, 1, 1, 0) == CRISP_STORE_STALL,
	       "(C) full store queue, no load out: store stall");
	tap_ok(cls(0, 0, 1, 0, 1, 0, 0) == CRISP_COMP,
	       "(D) stores out, queue not full: computation");
}

/* a miss's own parts: @core cycles in the core domain, @wait queued */
static struct crisp_parts P(s64 core, s64 wait)
{
	return (struct crisp_parts){ .core = core, .wait = wait };
}

static void test_fig6(void)
{
	struct crisp_ctr c;
	struct crisp_ts a, b, cc, d;

	crisp_init(&c, 0);
	crisp_miss_issue(&c, &a, 0, P(2, 1));	/* A: 0..8 */
	crisp_account(&c, CRISP_BUSY, 1, 5);		/* cycles 0-4 */
	crisp_account(&c, CRISP_LOAD_STALL, 1, 3);	/* 5-7 */
	crisp_miss_return(&c, &a, 8);
	tap_ok(c.lcp == 8, "after A: T_Memory = max(3 stalls, 0 + 8) = 8");
	crisp_account(&c, CRISP_BUSY, 0, 4);		/* 8-11 */
	crisp_miss_issue(&c, &b, 12, P(1, 0));	/* B: 12..17 */
	crisp_miss_issue(&c, &cc, 12, P(4, 3));	/* C: 12..24 */
	crisp_account(&c, CRISP_BUSY, 1, 5);		/* 12-16 */
	crisp_miss_return(&c, &b, 17);
	crisp_miss_issue(&c, &d, 17, P(1, 0));	/* D: 17..22 */
	crisp_account(&c, CRISP_BUSY, 1, 5);		/* 17-21 */
	crisp_miss_return(&c, &d, 22);
	crisp_account(&c, CRISP_BUSY, 1, 2);		/* 22-23 */
	crisp_miss_return(&c, &cc, 24);
	crisp_account(&c, CRISP_BUSY, 1, 3);		/* 24-26 */
	crisp_account(&c, CRISP_LOAD_STALL, 1, 1);	/* 27 */
	crisp_account(&c, CRISP_COMP, 0, 1);		/* 28 */
	crisp_account(&c, CRISP_STORE_STALL, 0, 1);	/* 29 */
	crisp_account(&c, CRISP_BUSY, 0, 1);		/* 30 */

	tap_ok(c.lcp == 21, "adjusted LCP = A + C + stall at 27 = 21 (got %lld)",
	       (long long)c.lcp);
	tap_ok(c.lcp_parts.core == 6 && c.lcp_parts.wait == 4,
	       "its parts: core A's 2 + C's 4 = 6, wait 1 + 3 = 4 (got %lld, %lld)",
	       (long long)c.lcp_parts.core, (long long)c.lcp_parts.wait);
	tap_ok(c.cyc[CRISP_LOAD_STALL] == 4, "4 load-stall cycles");
	tap_ok(c.lcp - (s64)c.cyc[CRISP_LOAD_STALL] == 17,
	       "overlapped computation = LCP - stalls = 17");
	tap_ok(c.crit == 20, "CRIT = A + C = 20 (got %lld)", (long long)c.crit);
	tap_ok(c.lead == 18, "LEAD = A + B + D = 18 (got %llu)",
	       (unsigned long long)c.lead);
	tap_ok(c.cyc[CRISP_BUSY] + c.cyc[CRISP_COMP] + c.cyc[CRISP_LOAD_STALL] +
	       c.cyc[CRISP_STORE_STALL] == 31, "classes partition 31 cycles");
	tap_ok(c.load_out == 24, "load outstanding 24 cycles (got %llu)",
	       (unsigned long long)c.load_out);
}

static void test_rebase(void)
{
	struct crisp_ctr c;
	struct crisp_ts a;

	crisp_init(&c, 0);
	crisp_account(&c, CRISP_LOAD_STALL, 1, 100);
	crisp_miss_issue(&c, &a, 100, P(30, 40));	/* ts = 100 */
	crisp_account(&c, CRISP_BUSY, 1, 50);
	crisp_reset(&c, 150);			/* new interval */
	crisp_rebase(&c, &a);
	crisp_account(&c, CRISP_BUSY, 1, 10);
	crisp_miss_return(&c, &a, 160);
	tap_ok(c.lcp == 10 && c.crit == 10,
	       "a miss spanning intervals adds only its part in the new one");
	tap_ok(c.lead == 10, "and so does a leading one");
	tap_ok(c.lcp_parts.core == 10 && !c.lcp_parts.wait,
	       "its parts (30, 40) are cut to the path's 10 (got %lld, %lld)",
	       (long long)c.lcp_parts.core, (long long)c.lcp_parts.wait);
}

int main(void)
{
	test_rules();
	test_fig6();
	test_rebase();
	return tap_done("sim_class");
}
