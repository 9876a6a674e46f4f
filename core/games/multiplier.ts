// The round games (crash, wheel) handle a multiplier as integer hundredths (2.37× = 237), so the
// number shown, the number a bet is valued at and the number paid are one and the same; the wire
// and the database's numeric columns carry the multiplier itself. This is the one conversion.

/** 237 → 2.37 (exact to 2 decimals: what is shown, answered and stored). */
export function hundredthsToMultiplier(hundredths: number): number {
  return hundredths / 100;
}
