// The coin glyph's drawing (our own SVG), inside a 24×24 viewBox, for the server's box cards
// (server/boxes/pageFills.ts). The client's CoinIcon (src/components/Coin.tsx) draws it in JSX: a
// string there cost the home page 70 bytes of its JS budget, which it is at. tests/src/coinIcon.test.tsx
// checks that both are the same drawing.
export const COIN_ICON_VIEWBOX = '0 0 24 24';
export const COIN_ICON_BODY =
  '<defs><linearGradient id="coin-g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffe58a"></stop><stop offset="1" stop-color="#f59e0b"></stop></linearGradient></defs>' +
  '<circle cx="12" cy="12" r="11" fill="url(#coin-g)"></circle>' +
  '<circle cx="12" cy="12" r="8" fill="none" stroke="#b45309" stroke-width="1.5" opacity="0.6"></circle>' +
  '<path d="M12 6.5l1.6 3.3 3.6.5-2.6 2.5.6 3.6L12 14.7l-3.2 1.7.6-3.6-2.6-2.5 3.6-.5z" fill="#b45309"></path>';
