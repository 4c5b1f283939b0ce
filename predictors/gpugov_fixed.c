// SPDX-License-Identifier: GPL-2.0
/*
 * gpugov_fixed.c - overflow-safe fixed-point helpers.
 */
#include "gpugov_fixed.h"

/**
 * gpugov_mul_div_wide() - floor(a * mul / div) with a 96-bit intermediate
 * @a: multiplicand
 * @mul: 32-bit multiplier
 * @div: 32-bit divisor
 *
 * The kernel's mul_u64_u32_div() traps (#DE on x86-64) when the quotient
 * does not fit 64 bits; this one saturates to U64_MAX instead, and treats
 * a zero divisor as an infinite quotient (0 when the product is 0).
 *
 * Return: the quotient, or U64_MAX when it does not fit.
 */
u64 gpugov_mul_div_wide(u64 a, u32 mul, u32 div)
{
	u64 lo = (a & U32_MAX) * mul;
	u64 hi = (a >> 32) * mul + (lo >> 32);
	u64 qhi, qlo;
	u32 rem;

	if (!div)
		return (a && mul) ? U64_MAX : 0;
	if (!(hi >> 32))	/* the product fits 64 bits: one division */
		return div64_u64((hi << 32) | (lo & U32_MAX), div);
	qhi = div_u64_rem(hi, div, &rem);
	if (qhi > U32_MAX)
		return U64_MAX;
	qlo = div_u64(((u64)rem << 32) | (lo & U32_MAX), div);
	return (qhi << 32) | qlo;
}

/**
 * gpugov_ratio_fixed() - num / den with @shift fraction bits, clamped
 * @num: numerator
 * @den: denominator
 * @shift: fraction bits of the result, at most 32
 * @max: largest result returned
 *
 * Both operands are shifted right together until the numerator leaves room
 * for the fraction bits, which keeps at least 31 - shift significant bits
 * of the quotient for any inputs.  0/0 is 1.0; x/0 is @max.
 */
u64 gpugov_ratio_fixed(u64 num, u64 den, u32 shift, u64 max)
{
	u64 q;

	if (!den)
		return num ? max : min_t(u64, 1ULL << shift, max);
	while (num >> (63 - shift)) {
		num >>= 1;
		den >>= 1;
	}
	if (!den)
		return max;
	q = div64_u64(num << shift, den);
	return min_t(u64, q, max);
}

/**
 * gpugov_ratio_q16() - num / den as a Q16 ratio, clamped to GPUGOV_RATIO_MAX
 * @num: numerator
 * @den: denominator
 */
u64 gpugov_ratio_q16(u64 num, u64 den)
{
	return gpugov_ratio_fixed(num, den, GPUGOV_Q16_SHIFT, GPUGOV_RATIO_MAX);
}
