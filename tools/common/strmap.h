/* SPDX-License-Identifier: GPL-2.0 */
/*
 * strmap.h - a map from strings to numbers, for the tools' inputs whose
 * names must be looked up in constant time (a recording's kernels can
 * number in the tens of thousands).
 */
#ifndef GPUGOV_STRMAP_H
#define GPUGOV_STRMAP_H

#include <stdbool.h>
#include <stddef.h>

/**
 * struct strmap - open addressing, linear probing, at most half full
 * @key: the keys, NULL for an empty slot (the map owns none of them: the
 *	caller keeps each key alive as long as the map)
 * @val: the value of each key
 * @cap: slots, a power of two (0 before the first insertion)
 * @nr: keys
 */
struct strmap {
	const char **key;
	size_t *val;
	size_t cap;
	size_t nr;
};

bool strmap_get(const struct strmap *m, const char *key, size_t *val);
int strmap_put(struct strmap *m, const char *key, size_t val);
void strmap_free(struct strmap *m);

#endif /* GPUGOV_STRMAP_H */
