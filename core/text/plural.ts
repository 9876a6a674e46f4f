// Counted nouns in the one interface language, en-US (docs/product.md §9): "1 item", "2 items",
// "0 rounds". One helper for the pages and the scenes (which may import only core), so no text
// says "1 items". English counts take the singular for exactly one.

/** `count` and its noun: `one` for a count of one, else `other` (by default `one` + "s"). */
export function plural(count: number, one: string, other = `${one}s`): string {
  return `${count} ${count === 1 ? one : other}`;
}
