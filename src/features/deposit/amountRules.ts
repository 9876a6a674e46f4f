// Amount field rules of docs/product.md §5: required, a number, a minimum (card 5; skins only required),
// in words for players.
export function amountError(value: string, minimum: number | null): string | null {
  const text = value.trim();
  if (!text) return 'Enter an amount.';
  const n = Number(text);
  if (!Number.isFinite(n) || !/^\d+(\.\d{1,2})?$/.test(text)) return 'Enter the amount as a number, like 25 or 12.50.';
  if (minimum !== null && n < minimum) return `The minimum deposit is ${minimum} USD.`;
  if (n <= 0) return 'Enter an amount above 0.';
  return null;
}
