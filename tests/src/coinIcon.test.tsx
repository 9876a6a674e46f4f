import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { CoinIcon } from '../../src/components/Coin.tsx';
import { COIN_ICON_BODY, COIN_ICON_VIEWBOX } from '../../core/coinIcon.ts';

// The server's box cards (server/boxes/pageFills.ts) draw the coin from core/coinIcon.ts, the client
// from its JSX: React then replaces the one with the other, so they must be the same drawing.
describe('the coin glyph', () => {
  it('is one drawing on the server and in the client', () => {
    const markup = renderToStaticMarkup(<CoinIcon />);
    expect(markup).toBe(`<svg class="coin-icon" width="18" height="18" viewBox="${COIN_ICON_VIEWBOX}" aria-hidden="true">${COIN_ICON_BODY}</svg>`);
  });
});
