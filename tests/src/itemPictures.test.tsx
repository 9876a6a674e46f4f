import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { ItemCard } from '../../src/features/boxes/ItemCard.tsx';
import { BoxCard } from '../../src/features/boxes/BoxCard.tsx';
import type { BoxSummary } from '../../core/protocol/boxes.ts';
import { UpgradeItemCard } from '../../src/features/upgrade/UpgradeItemCard.tsx';

// The grids of items and boxes hold dozens of pictures, most of them below a phone's first screen:
// each is its own SVG document to fetch, parse and paint. Loaded lazily they stay out of the page's
// start (on /upgrade the 24 target cards cost about 100 ms of blocking time in Lighthouse's mobile
// run: docs/performance.md, "The upgrade cards' pictures load lazily").
const box: BoxSummary = { id: 1, slug: 'gift-card-grab', name: 'Gift Card Grab', type: 'standard', category: 'gift-cards', price: 5, img_url: '/api/art/boxes/1.svg', featured: false, opened_count: 0 };
const item = { id: 1, name: 'Steam Gift Card 5', price: 5, rarity: 'common', img_url: '/api/art/items/1.svg' };

describe('grid pictures', () => {
  it('load lazily on the upgrade cards, the item cards and the box cards', () => {
    const cards = [
      renderToStaticMarkup(<UpgradeItemCard item={item} selected={false} onClick={() => undefined} testId="t" stakeCents={100} />),
      renderToStaticMarkup(<ItemCard item={item} />),
      renderToStaticMarkup(
        <MemoryRouter>
          <BoxCard box={box} />
        </MemoryRouter>,
      ),
    ];
    for (const card of cards) expect(card).toMatch(/<img [^>]*loading="lazy"/);
  });
});
