//! Counting in the eight byte lanes of a `u64` at once: the engine's random choices (a card
//! from a pile, the `k`-th open slot or route, the colour of the `k`-th payment) find their
//! item without a branch on `k`, which would be mispredicted about as often as not.

/// Eight byte lanes of a `u64`, each 1: multiplying lanes by it leaves in lane `i` the sum
/// of lanes 0 to `i` (while the sums stay below 256).
pub(crate) const LANES: u64 = 0x0101_0101_0101_0101;
/// The top bit of each byte lane.
pub(crate) const LANE_TOPS: u64 = 0x8080_8080_8080_8080;
/// The low four bits of each byte lane.
pub(crate) const LOW_NIBBLES: u64 = 0x0F0F_0F0F_0F0F_0F0F;
/// Bit `i` of byte lane `i`.
const DIAGONAL: u64 = 0x8040_2010_0804_0201;

/// How many of the eight byte lanes of `lanes`, each below 128, are at most `k` (below 128):
/// with `lanes` the running totals of eight counts, how many of those counts are used up
/// before item `k`. No lane borrows from the next, and a lane's top bit stays set exactly
/// where `k` is not below it.
pub(crate) fn lanes_not_above(lanes: u64, k: u32) -> u32 {
    ((((u64::from(k) * LANES) | LANE_TOPS) - lanes) & LANE_TOPS).count_ones()
}

/// The top bit of each byte lane of `lanes` that is not 0 (any byte values).
pub(crate) fn nonzero_lanes(lanes: u64) -> u64 {
    // The low seven bits of a lane plus 127 reach its top bit exactly when they are not all
    // 0, with no carry into the next lane; a lane's own top bit counts too.
    (((lanes & !LANE_TOPS) + !LANE_TOPS) | lanes) & LANE_TOPS
}

/// Lane-wise `a - b` floored at 0, for eight byte lanes each below 128.
pub(crate) fn saturating_sub_lanes(a: u64, b: u64) -> u64 {
    // No lane borrows from the next, and a lane's top bit stays set exactly where a >= b.
    let d = (a | LANE_TOPS) - b;
    let keep = ((d & LANE_TOPS) >> 7) * 0xFF;
    d & !LANE_TOPS & keep
}

/// The bits of `byte` one to a lane: lane `i` is bit `i` of `byte`.
fn bits_to_lanes(byte: u8) -> u64 {
    ((((u64::from(byte) * LANES) & DIAGONAL) + !LANE_TOPS) >> 7) & LANES
}

/// The position of the `k`-th set bit (0-based) of `byte`; `k` must be below its count.
pub(crate) fn nth_set_bit_u8(byte: u8, k: u32) -> u32 {
    lanes_not_above(bits_to_lanes(byte).wrapping_mul(LANES), k)
}

/// The position of the `k`-th set bit (0-based) of `bits`; `k` must be below its count.
pub(crate) fn nth_set_bit(bits: u128, k: u32) -> u32 {
    let low = bits as u64;
    let in_low = low.count_ones();
    let (word, k, base) = if k < in_low { (low, k, 0) } else { ((bits >> 64) as u64, k - in_low, 64) };
    // Lane `i` of `through`: the set bits in bytes 0 to `i` (at most 64).
    let mut per_byte = word - ((word >> 1) & 0x5555_5555_5555_5555);
    per_byte = (per_byte & 0x3333_3333_3333_3333) + ((per_byte >> 2) & 0x3333_3333_3333_3333);
    per_byte = (per_byte + (per_byte >> 4)) & 0x0F0F_0F0F_0F0F_0F0F;
    let through = per_byte.wrapping_mul(LANES);
    let byte = lanes_not_above(through, k);
    let before = ((through << 8) >> (8 * byte)) as u8;
    base + 8 * byte + nth_set_bit_u8((word >> (8 * byte)) as u8, k - u32::from(before))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The positions of the set bits of `bits`, in order.
    fn set_bits(bits: u128) -> Vec<u32> {
        (0..128).filter(|&i| bits >> i & 1 == 1).collect()
    }

    #[test]
    fn nonzero_lanes_are_found_for_every_byte_value_in_every_lane() {
        for value in 0..=u8::MAX {
            for lane in 0..8 {
                // The lane under test among lanes holding 0, 1, 127, 128 and 255 around it.
                for others in [0u8, 1, 127, 128, 255] {
                    let mut bytes = [others; 8];
                    bytes[lane] = value;
                    let found = nonzero_lanes(u64::from_le_bytes(bytes));
                    for (i, &b) in bytes.iter().enumerate() {
                        assert_eq!(found >> (8 * i) & 0xFF, if b == 0 { 0 } else { 0x80 }, "{bytes:?}, lane {i}");
                    }
                }
            }
        }
    }

    #[test]
    fn the_nth_set_bit_is_found_in_every_byte_and_word() {
        for byte in 0..=u8::MAX {
            for (k, &at) in set_bits(u128::from(byte)).iter().enumerate() {
                assert_eq!(nth_set_bit_u8(byte, k as u32), at, "byte {byte:08b}, bit {k}");
            }
        }
        let mut bits: u128 = 0x9E37_79B9_7F4A_7C15_F39C_C060_5CED_C834;
        for _ in 0..200 {
            for value in [bits, bits as u64 as u128, bits >> 64 << 64, bits & bits >> 3, u128::MAX, 1 << 127] {
                for (k, &at) in set_bits(value).iter().enumerate() {
                    assert_eq!(nth_set_bit(value, k as u32), at, "{value:032x}, bit {k}");
                }
            }
            bits = bits.rotate_left(7).wrapping_mul(0x2545_F491_4F6C_DD1D) ^ 0x1234_5678;
        }
    }

    #[test]
    fn lanes_not_above_counts_the_running_totals_used_up() {
        // Counts 3, 0, 2, 5, 1, 0, 0, 4: running totals 3, 3, 5, 10, 11, 11, 11, 15.
        let through = u64::from_le_bytes([3, 3, 5, 10, 11, 11, 11, 15]);
        let want = [0, 0, 0, 2, 2, 3, 3, 3, 3, 3, 4, 7, 7, 7, 7, 8];
        for (k, &n) in want.iter().enumerate() {
            assert_eq!(lanes_not_above(through, k as u32), n, "item {k}");
        }
    }
}
