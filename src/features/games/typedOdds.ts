// What a bet form's typed odds read to (OddsField.tsx): the target they give, or why they cannot be
// played; and the reading of the typed text itself, shared by dice's and limbo's fields.

export type OddsInput = { target: number } | { problem: string };

/** The typed text as a number: "49.5", "49.5 %", "2x", "2×", "2,5" (a comma decimal); NaN if none. */
export function parseTyped(text: string): number {
  const cleaned = text.trim().replace(/[%x×\s]/gi, '').replace(',', '.');
  return cleaned === '' ? NaN : Number(cleaned);
}
