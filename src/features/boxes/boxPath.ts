import type { BoxKind } from '../../../core/protocol/boxKinds.ts';

/**
 * Where a box's page lives (docs/product.md §2 routes only): the shop's at /boxes/{slug}, custom
 * ones at /custom/{slug}, free loot at /standard/{slug} (the box page falls back to free loot
 * there). Small and on its own: the live drops in every page's first load link with it.
 */
export function boxPath(slug: string, kind: BoxKind = 'box'): string {
  if (kind === 'user') return `/custom/${slug}`;
  if (kind === 'free') return `/standard/${slug}`;
  return `/boxes/${slug}`;
}
