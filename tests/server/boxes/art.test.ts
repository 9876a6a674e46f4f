import { describe, expect, it } from 'vitest';
import { RARITY_COLOURS } from '../../../core/games/rarity.ts';
import { boxSvg } from '../../../server/boxes/art/boxArt.ts';
import { colourwayFor } from '../../../server/boxes/art/colourway.ts';
import { itemSvg, productDrawing, type ArtItem } from '../../../server/boxes/art/itemArt.ts';
import { productKind } from '../../../server/boxes/art/productKind.ts';
import { catalogBoxes, rarityForPrice } from '../../../server/boxes/catalog/boxes.ts';
import { catalogItems, type CatalogItem } from '../../../server/boxes/catalog/items.ts';

// The generated art: an item's picture says what it is (category silhouette), which one (colourway)
// and what it is worth (tier frame); a box's picture shows its theme and its most valuable item.

const art = (item: CatalogItem): ArtItem => ({ ...item, rarity: rarityForPrice(item.price) });
const item = (slug: string) => art(catalogItems.find((i) => i.slug === slug) ?? assertNever(slug));
function assertNever(slug: string): never {
  throw new Error(`no catalog item ${slug}`);
}
const heroOf = (items: CatalogItem[]) => art([...items].sort((a, b) => b.price - a.price)[0]!);

describe('item art', () => {
  it('frames a 45-coin item and a 9,500-coin one in their own tier colours, with rays and sparkles only for the dear one', () => {
    const clog = itemSvg(item('crocs-classic-clog'));
    const dior = itemSvg(item('dior-air-jordan-1-high'));
    expect(clog).toContain(RARITY_COLOURS.common);
    expect(clog).not.toContain(RARITY_COLOURS.legendary);
    expect(dior).toContain(RARITY_COLOURS.legendary);
    expect(dior.match(/rotate\(/g)?.length ?? 0).toBeGreaterThan(clog.match(/rotate\(/g)?.length ?? 0);
  });

  it('draws each category, and different products within one, with different silhouettes', () => {
    const kinds = ['crocs-classic-clog', 'nike-air-jordan-1-high-chicago', 'apple-iphone-16-128gb', 'apple-macbook-air-m3-13', 'sony-wh-1000xm5', 'rolex-submariner-date', 'casio-f-91w', 'supreme-box-logo-hoodie', 'gucci-gg-marmont-bag', 'new-era-59fifty-cap', 'sony-playstation-5-pro', 'nvidia-geforce-rtx-5090', 'steam-gift-card-20'].map((slug) => productKind(item(slug)));
    expect(new Set(kinds).size).toBe(kinds.length);
    const bodies = new Set(['supreme-box-logo-hoodie', 'supreme-box-logo-tee'].map((slug) => productDrawing(item(slug)).body.replace(/hsl\([^)]*\)/g, '')));
    expect(bodies.size).toBe(2);
  });

  it('takes colours the name speaks of', () => {
    expect(colourwayFor(item('nike-air-jordan-1-high-chicago')).main).toMatch(/^hsl\((349|35\d) /);
    expect(colourwayFor(item('nike-air-force-1-low-white')).main).toBe('hsl(225 12% 88%)');
  });

  it('gives every catalog item its own picture: no two share silhouette, colourway and tier', () => {
    const looks = catalogItems.map((i) => {
      const a = art(i);
      return `${productKind(a)}|${colourwayFor(a).main}|${colourwayFor(a).accent}|${a.rarity}`;
    });
    expect(new Set(looks).size).toBe(catalogItems.length);
    expect(new Set(catalogItems.map((i) => itemSvg(art(i)))).size).toBe(catalogItems.length);
  });
});

describe('box art', () => {
  it('shows the box’s most valuable item rising out of it', () => {
    for (const box of catalogBoxes) {
      const hero = heroOf(box.items);
      expect(boxSvg(box, hero), box.slug).toContain(productDrawing(hero, 'h').body);
    }
  });

  it('gives every catalog box its own picture', () => {
    const svgs = catalogBoxes.map((box) => boxSvg(box, heroOf(box.items)));
    expect(new Set(svgs).size).toBe(catalogBoxes.length);
    // Boxes of one theme still differ in colour, not only in their hero.
    const themeColours = catalogBoxes.map((box) => boxSvg(box, null).match(/hsl\([^)]*\)/)![0]);
    expect(new Set(themeColours).size).toBeGreaterThan(catalogBoxes.length / 2);
  });
});
