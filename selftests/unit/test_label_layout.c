// SPDX-License-Identifier: GPL-2.0
/*
 * test_label_layout.c - the energy plot's label column
 * (tools/common/label_layout.c): labels never closer than a line, never
 * outside the plot, in the order of their points, and unmoved where
 * nothing crowds them (the energy plot once overprinted five clusters of
 * labels and clipped them at its right edge).
 */
#include <math.h>
#include "label_layout.h"
#include "rng.h"
#include "tap.h"

#define EPS 1e-9

/* Whether @pos holds @n labels @gap apart in [0, 1], in @want's order. */
static int well_placed(const double *want, const double *pos, size_t n, double gap)
{
	size_t i, j;

	for (i = 0; i < n; i++) {
		if (pos[i] < -EPS || pos[i] > 1 + EPS)
			return 0;
		for (j = 0; j < n; j++) {
			if (i == j)
				continue;
			if (fabs(pos[i] - pos[j]) < gap - EPS)
				return 0;
			if (want[i] > want[j] && pos[i] < pos[j])
				return 0;
		}
	}
	return 1;
}

static void test_random(void)
{
	double want[LABEL_LAYOUT_MAX], pos[LABEL_LAYOUT_MAX], gap;
	int round, bad = 0;
	size_t n, i;

	rng_seed(26);
	for (round = 0; round < 2000; round++) {
		n = (size_t)rng_range(1, 40);
		gap = rng_unit() / (double)n;
		for (i = 0; i < n; i++)	/* clusters, as policies that tie */
			want[i] = round % 2 ? rng_unit() : 0.5 + 0.02 * rng_unit();
		if (label_layout(want, pos, n, gap) || !well_placed(want, pos, n, gap))
			bad++;
	}
	tap_ok(!bad, "2000 random and clustered columns: %d labels overlap, leave the "
	       "plot or change order", bad);
}

static void test_cases(void)
{
	double want[4] = { 0.2, 0.9, 0.5, 0.7 }, pos[4];
	double tied[3] = { 0.0, 0.0, 0.0 };

	tap_ok(!label_layout(want, pos, 4, 0.1) && pos[0] == 0.2 && pos[1] == 0.9 &&
	       pos[2] == 0.5 && pos[3] == 0.7, "labels with room stay at their points");
	tap_ok(!label_layout(tied, pos, 3, 0.25) && fabs(pos[0] - 0.5) < EPS &&
	       fabs(pos[1] - 0.25) < EPS && fabs(pos[2]) < EPS,
	       "three labels tied at the bottom: pushed up, the first above");
	want[0] = 1.5;
	tap_ok(!label_layout(want, pos, 1, 0.1) && pos[0] == 1, "a label above the top: at the top");
	tap_ok(label_layout(tied, pos, 3, 0.6) == -1, "3 labels 0.6 apart cannot fit: -1");
	tap_ok(!label_layout(tied, pos, 0, 0.5), "no labels: nothing to do");
}

int main(void)
{
	tap_plan();
	test_cases();
	test_random();
	return tap_done("test_label_layout");
}
