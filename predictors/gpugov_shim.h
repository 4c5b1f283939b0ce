/* SPDX-License-Identifier: GPL-2.0 */
/*
 * gpugov_shim.h - the only header predictors/ takes from its environment.
 *
 * predictors/ is compiled twice: into gpugov.ko and into the userspace
 * tools.  Everything it needs from outside (fixed-width integer types,
 * 64-bit division helpers, min/max/clamp) comes through this file, mapped
 * to the kernel's own helpers or to plain C11 equivalents.  No floating
 * point may be used anywhere in predictors/.
 */
#ifndef GPUGOV_SHIM_H
#define GPUGOV_SHIM_H

#ifdef __KERNEL__

#include <linux/bits.h>
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/limits.h>
#include <linux/math64.h>
#include <linux/minmax.h>
#include <linux/string.h>

#else /* userspace */

#include <stdbool.h>
#include <stddef.h>
#include <string.h>

/* The compiler's own fixed-width types, the ones <stdint.h> names. */
typedef __UINT8_TYPE__ u8;
typedef __UINT16_TYPE__ u16;
typedef __UINT32_TYPE__ u32;
typedef __UINT64_TYPE__ u64;
typedef __INT32_TYPE__ s32;
typedef __INT64_TYPE__ s64;

#define BIT(n) (1UL << (n))
#define BIT_ULL(n) (1ULL << (n))

#ifndef U32_MAX
#define U32_MAX ((u32)~0U)
#endif
#ifndef U64_MAX
#define U64_MAX ((u64)~0ULL)
#endif
#ifndef S64_MAX
#define S64_MAX ((s64)(U64_MAX >> 1))
#endif

static inline u64 gpugov_shim_min(u64 a, u64 b)
{
	return a < b ? a : b;
}

static inline u64 gpugov_shim_max(u64 a, u64 b)
{
	return a > b ? a : b;
}

/*
 * As the kernel's: each argument converted to @type and evaluated once.
 * predictors/ only compares unsigned types, which u64 orders alike.
 */
#define min_t(type, a, b) ((type)gpugov_shim_min((type)(a), (type)(b)))
#define max_t(type, a, b) ((type)gpugov_shim_max((type)(a), (type)(b)))
#define clamp_t(type, v, lo, hi) min_t(type, max_t(type, v, lo), hi)
#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

static inline u64 div64_u64(u64 dividend, u64 divisor)
{
	return dividend / divisor;
}

static inline u64 div_u64_rem(u64 dividend, u32 divisor, u32 *remainder)
{
	*remainder = (u32)(dividend % divisor);
	return dividend / divisor;
}

static inline u64 div_u64(u64 dividend, u32 divisor)
{
	return dividend / divisor;
}

static inline s64 div64_s64(s64 dividend, s64 divisor)
{
	return dividend / divisor;
}

/*
 * The kernel's floor(a * b / c) through a 128-bit product: gpugov_fixed.c's,
 * equal wherever the quotient fits 64 bits (beyond, the kernel's traps on
 * x86-64 and this one saturates, so callers keep the quotient in range).
 */
u64 gpugov_mul_div64(u64 a, u64 b, u64 c);

static inline u64 mul_u64_u64_div_u64(u64 a, u64 b, u64 c)
{
	return gpugov_mul_div64(a, b, c);
}

#endif /* __KERNEL__ */

#endif /* GPUGOV_SHIM_H */
