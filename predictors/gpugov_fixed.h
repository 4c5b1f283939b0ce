/* SPDX-License-Identifier: GPL-2.0 */
/*
 * gpugov_fixed.h - overflow-safe fixed-point helpers shared by all models.
 *
 * Every helper saturates instead of wrapping and never divides by zero, so
 * a model fed with odd counters yields a huge (but ordered) value rather
 * than a trap.  Ratios are Q16 (1.0 == GPUGOV_Q16_ONE).
 */
#ifndef GPUGOV_FIXED_H
#define GPUGOV_FIXED_H

#include "gpugov_shim.h"

#define GPUGOV_Q16_SHIFT	16
#define GPUGOV_Q16_ONE		BIT(GPUGOV_Q16_SHIFT)
/* Ratios are clamped below 2^32 (65536x) so that products of two fit u64. */
#define GPUGOV_RATIO_MAX	((u64)U32_MAX)

#define GPUGOV_PS_PER_NS	1000U
#define GPUGOV_PS_PER_S_KHZ	1000000000U	/* ps per cycle at 1 kHz */

#define GPUGOV_LO32(x)	((x) & 0xffffffffULL)

/*
 * The 128-bit product a * b as *hi:*lo: one multiply where the compiler
 * has a 128-bit type (64-bit targets: no library call, only the
 * multiplication is 128-bit here), else from 32-bit halves.  The
 * decision's cost is mostly these products (docs/results.md).
 */
static inline void gpugov_mul128(u64 a, u64 b, u64 *hi, u64 *lo)
{
#ifdef __SIZEOF_INT128__
	__uint128_t p = (__uint128_t)a * b;

	*lo = (u64)p;
	*hi = (u64)(p >> 64);
#else
	u64 ll = GPUGOV_LO32(a) * GPUGOV_LO32(b);
	u64 lh = GPUGOV_LO32(a) * (b >> 32);
	u64 hl = (a >> 32) * GPUGOV_LO32(b);
	u64 hh = (a >> 32) * (b >> 32);
	u64 mid = (ll >> 32) + GPUGOV_LO32(lh) + GPUGOV_LO32(hl);

	*lo = GPUGOV_LO32(ll) | (mid << 32);
	*hi = hh + (lh >> 32) + (hl >> 32) + (mid >> 32);
#endif
}

/**
 * gpugov_mul_shr64() - floor(a * b / 2^shift), saturating
 * @a: first factor
 * @b: second factor
 * @shift: 0..63
 *
 * The product is formed in 128 bits (gpugov_mul128()).
 *
 * Return: the shifted product, or U64_MAX if it does not fit 64 bits.
 */
static inline u64 gpugov_mul_shr64(u64 a, u64 b, u32 shift)
{
	u64 hi, lo;

	gpugov_mul128(a, b, &hi, &lo);
	shift &= 63;
	if (!shift)
		return hi ? U64_MAX : lo;
	if (hi >> shift)
		return U64_MAX;
	return (hi << (64 - shift)) | (lo >> shift);
}

u64 gpugov_mul_div64(u64 a, u64 b, u64 c);
u64 gpugov_div_shl(u64 num, u64 den, u32 shift);
u64 gpugov_ratio_fixed(u64 num, u64 den, u32 shift, u64 max);

/**
 * gpugov_ratio_q16() - num / den as a Q16 ratio, clamped to GPUGOV_RATIO_MAX
 * @num: numerator
 * @den: denominator
 *
 * gpugov_ratio_fixed()'s, inline where @num << 16 fits 64 bits (the
 * policy takes two ratios per OPP).
 */
static inline u64 gpugov_ratio_q16(u64 num, u64 den)
{
	if (den && !(num >> (64 - GPUGOV_Q16_SHIFT)))
		return min_t(u64, div64_u64(num << GPUGOV_Q16_SHIFT, den),
			     GPUGOV_RATIO_MAX);
	return gpugov_ratio_fixed(num, den, GPUGOV_Q16_SHIFT, GPUGOV_RATIO_MAX);
}

/**
 * gpugov_mul_div() - floor(a * mul / div), saturating, never trapping
 * @a: multiplicand
 * @mul: 32-bit multiplier
 * @div: 32-bit divisor; 0 gives U64_MAX (0 when a * mul is 0)
 *
 * Inline for the common case of a 32-bit @a, whose product fits 64 bits;
 * gpugov_mul_div64() handles the rest with a 128-bit intermediate.
 */
static inline u64 gpugov_mul_div(u64 a, u32 mul, u32 div)
{
	if (!(a >> 32) && div)
		return div_u64(a * mul, div);
	return gpugov_mul_div64(a, mul, div);
}

/**
 * gpugov_sat_add() - a + b, saturating at U64_MAX
 * @a: first addend
 * @b: second addend
 */
static inline u64 gpugov_sat_add(u64 a, u64 b)
{
	return (a > U64_MAX - b) ? U64_MAX : a + b;
}

/**
 * gpugov_ewma_q16() - a running mean: beta * @nv + (1 - beta) * @old
 * @beta: weight of the new value, Q16; above 1.0 it is 1.0
 * @nv: new value
 * @old: mean so far
 */
static inline u64 gpugov_ewma_q16(u32 beta, u64 nv, u64 old)
{
	beta = min_t(u32, beta, GPUGOV_Q16_ONE);
	return gpugov_sat_add(gpugov_mul_shr64(nv, beta, 16),
			      gpugov_mul_shr64(old, GPUGOV_Q16_ONE - beta, 16));
}

/**
 * gpugov_mul_q16() - a * q16 / 2^16, saturating
 * @a: value
 * @q16: Q16 factor; values above GPUGOV_RATIO_MAX are clamped to it
 */
static inline u64 gpugov_mul_q16(u64 a, u64 q16)
{
	return gpugov_mul_div(a, (u32)min_t(u64, q16, GPUGOV_RATIO_MAX),
			      GPUGOV_Q16_ONE);
}

/**
 * gpugov_cyc_to_ps() - duration of @cyc cycles of a @khz clock, in ps
 * @cyc: cycle count
 * @khz: clock frequency in kHz (0 saturates)
 */
static inline u64 gpugov_cyc_to_ps(u64 cyc, u32 khz)
{
	return gpugov_mul_div(cyc, GPUGOV_PS_PER_S_KHZ, khz);
}

/**
 * gpugov_ps_to_cyc() - number of @khz cycles that fit in @ps picoseconds
 * @ps: duration in ps
 * @khz: clock frequency in kHz
 */
static inline u64 gpugov_ps_to_cyc(u64 ps, u32 khz)
{
	return gpugov_mul_div(ps, khz, GPUGOV_PS_PER_S_KHZ);
}

/**
 * gpugov_scale_ps() - stretch a duration by the clock ratio @from / @to
 *
 * Time that scales with a clock: measured at @from kHz, it takes
 * ps * from / to at @to kHz.
 */
static inline u64 gpugov_scale_ps(u64 ps, u32 from, u32 to)
{
	return gpugov_mul_div(ps, from, to);
}

#endif /* GPUGOV_FIXED_H */
