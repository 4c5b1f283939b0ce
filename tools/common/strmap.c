// SPDX-License-Identifier: GPL-2.0
/*
 * strmap.c - a map from strings to numbers (strmap.h).
 */
#include <stdlib.h>
#include <string.h>
#include "strmap.h"

/* FNV-1a, 64 bit. */
static size_t str_hash(const char *s)
{
	unsigned long long h = 14695981039346656037ULL;

	while (*s)
		h = (h ^ (unsigned char)*s++) * 1099511628211ULL;
	return (size_t)h;
}

/* The slot of @key, or the empty slot where it would go. */
static size_t slot_of(const struct strmap *m, const char *key)
{
	size_t i = str_hash(key) & (m->cap - 1);

	while (m->key[i] && strcmp(m->key[i], key))
		i = (i + 1) & (m->cap - 1);
	return i;
}

/**
 * strmap_get() - the value of @key
 * @m: the map
 * @key: the key
 * @val: out: its value, if it is there
 *
 * Return: whether @key is in @m.
 */
bool strmap_get(const struct strmap *m, const char *key, size_t *val)
{
	size_t i;

	if (!m->cap)
		return false;
	i = slot_of(m, key);
	if (!m->key[i])
		return false;
	*val = m->val[i];
	return true;
}

/* Twice the slots, every key moved over.  Return: 0 or -1 (no memory). */
static int grow(struct strmap *m)
{
	struct strmap g = { .cap = m->cap ? 2 * m->cap : 16, .nr = m->nr };
	size_t i, j;

	g.key = calloc(g.cap, sizeof(*g.key));
	g.val = malloc(g.cap * sizeof(*g.val));
	if (!g.key || !g.val) {
		strmap_free(&g);
		return -1;
	}
	for (i = 0; i < m->cap; i++) {
		if (!m->key[i])
			continue;
		j = slot_of(&g, m->key[i]);
		g.key[j] = m->key[i];
		g.val[j] = m->val[i];
	}
	strmap_free(m);
	*m = g;
	return 0;
}

/**
 * strmap_put() - set @key's value to @val, adding @key if it is new
 * @m: the map
 * @key: the key, kept (not copied) while it is in @m
 * @val: the value
 *
 * Return: 0, or -1 out of memory (@m unchanged).
 */
int strmap_put(struct strmap *m, const char *key, size_t val)
{
	size_t i;

	if (2 * (m->nr + 1) > m->cap && grow(m))
		return -1;
	i = slot_of(m, key);
	if (!m->key[i]) {
		m->key[i] = key;
		m->nr++;
	}
	m->val[i] = val;
	return 0;
}

void strmap_free(struct strmap *m)
{
	free(m->key);
	free(m->val);
	memset(m, 0, sizeof(*m));
}
