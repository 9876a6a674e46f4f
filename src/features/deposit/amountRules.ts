// Amount field rules of spec §5: required, a number, a minimum (card 5; skins only required).
export function amountError(value: string, minimum: number | null): string | null {
  const text = value.trim();
  if (!text) return 'amount is a required field';
  const n = Number(text);
  if (!Number.isFinite(n) || !/^\d+(\.\d{1,2})?$/.test(text)) return 'amount must be a number';
  if (minimum !== null && n < minimum) return `amount must be greater than or equal to ${minimum}`;
  if (n <= 0) return 'amount must be a positive number';
  return null;
}
