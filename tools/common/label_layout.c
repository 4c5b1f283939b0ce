// SPDX-License-Identifier: GPL-2.0
/*
 * label_layout.c - labels in one column, in the order of the points they
 * name, each as near its point's height as the others let it be.
 */
#include "label_layout.h"

/**
 * label_layout() - spread labels at least @gap apart within [0, 1]
 * @want: each label's wanted height (its point's), in [0, 1]
 * @pos: out: each label's height
 * @n: labels, at most LABEL_LAYOUT_MAX
 * @gap: the least distance between two labels (a line's height)
 *
 * The labels keep the order of @want (ties: the lower index above), so a
 * leader line from each point to its label crosses no other.  Going down
 * from the highest, a label moves down only as far as the one above it
 * pushes it; then, going up from the lowest, labels pushed below 0 push
 * the ones above them up.  A label with room around it stays at @want.
 *
 * Return: 0, or -1 if @n labels cannot fit (n - 1) * @gap > 1 or @n is
 * too large (@pos then undefined).
 */
int label_layout(const double *want, double *pos, size_t n, double gap)
{
	size_t ord[LABEL_LAYOUT_MAX], i, j, t;

	if (n > LABEL_LAYOUT_MAX || (n && (double)(n - 1) * gap > 1))
		return -1;
	/* highest first; insertion keeps equal heights in index order */
	for (i = 0; i < n; i++) {
		for (j = i; j > 0 && want[ord[j - 1]] < want[i]; j--)
			ord[j] = ord[j - 1];
		ord[j] = i;
	}
	for (i = 0; i < n; i++) {
		t = ord[i];
		pos[t] = want[t] > 1 ? 1 : want[t];
		if (i && pos[t] > pos[ord[i - 1]] - gap)
			pos[t] = pos[ord[i - 1]] - gap;
	}
	for (i = n; i-- > 0;) {
		t = ord[i];
		if (pos[t] < 0)
			pos[t] = 0;
		if (i + 1 < n && pos[t] < pos[ord[i + 1]] + gap)
			pos[t] = pos[ord[i + 1]] + gap;
	}
	return 0;
}
