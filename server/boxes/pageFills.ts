import { COIN_ICON_BODY, COIN_ICON_VIEWBOX } from '../../core/coinIcon.ts';
import { BOX_LIST_PARAMS, BoxListQuerySchema, SHOP_BOXES_PER_PAGE } from '../../core/protocol/boxes.ts';
import type { Db } from '../db/database.ts';
import { escapeHtml } from '../http/html.ts';
import type { PageFill, PageFiller } from '../plugins/client.ts';
import { boxDetail, findBox } from './catalog.ts';
import { shopBoxesPage } from './routeSchemas.ts';

// The fills of the shop's two box pages (server/plugins/client.ts, core/pageData.ts): their largest
// paint is box art, so the server writes it into the prerendered page, and sends the data the API
// would answer, so that the client's first render is the whole page without asking again
// (src/pages/boxes/BoxPage.tsx and BoxesPage.tsx, `served…`). The markup is the elements and classes
// the client draws for a guest, escaped, so React's first render replaces it in place;
// tests/e2e/visual.spec.ts measures both pages' layout shift.

/**
 * A box page's hero. Its controls (quantity, the open button, fast mode) come with the client; until
 * then their row keeps their height (`data-reserved`, boxes.css), so the heading next to the art does
 * not move when they arrive.
 */
export function boxHeroMarkup(box: { slug: string; name: string; img_url: string; type: string; items: readonly unknown[] }): string {
  return (
    `<div class="box-page" data-box="${escapeHtml(box.slug)}"><section class="box-hero">` +
    `<img class="box-hero__img" src="${escapeHtml(box.img_url)}" alt="" fetchpriority="high">` +
    `<div><h1>${escapeHtml(box.name)}</h1><p class="box-card__note">${box.items.length} items · ${escapeHtml(box.type)}</p>` +
    `<div class="box-hero__controls" data-reserved=""></div></div></section></div>`
  );
}

/** A shop box's card in a list, as BoxCard (src/features/boxes/BoxCard.tsx) draws it; the price as formatCoins writes it. */
export function boxCardMarkup(box: { slug: string; name: string; img_url: string; type: string; price: number }): string {
  return (
    `<a class="box-card" href="/boxes/${escapeHtml(encodeURIComponent(box.slug))}" data-box="${escapeHtml(box.slug)}">` +
    (box.type === 'unique' ? '<span class="box-card__badge">Unique</span>' : '') +
    `<img class="box-card__img" src="${escapeHtml(box.img_url)}" alt="" loading="lazy" width="160" height="160">` +
    `<span class="box-card__name">${escapeHtml(box.name)}</span>` +
    `<span class="coins amount box-card__price"><svg class="coin-icon" width="18" height="18" viewBox="${COIN_ICON_VIEWBOX}" aria-hidden="true">${COIN_ICON_BODY}</svg><span>${box.price.toFixed(2)}</span></span></a>`
  );
}

/** The fill of /boxes/{slug}: null for a slug that is no shop box (the page as built, whose client then shows its 404). */
export function boxPageFiller(db: Db): PageFiller {
  return async ({ slug }): Promise<PageFill | null> => {
    if (!slug || slug.length > 100) return null;
    const box = await findBox(db, 'box', slug);
    if (!box) return null;
    const detail = boxDetail(box);
    return { markup: boxHeroMarkup(detail), data: { box: detail } };
  };
}

/**
 * The fill of /boxes: the first page of the shop's list as the client asks for it with no filter
 * (`sort=popular&page=1&per_page=24`). A filtered list (any of BOX_LIST_PARAMS) is not filled: the
 * page as built, and the client asks for it.
 */
export function boxesPageFiller(db: Db): PageFiller {
  // What the client asks for an unfiltered /boxes, parsed once: the same query on every request.
  const firstPage = BoxListQuerySchema.parse({ sort: 'popular', page: 1, per_page: SHOP_BOXES_PER_PAGE });
  return async (_params, query): Promise<PageFill | null> => {
    if (BOX_LIST_PARAMS.some((key) => query.has(key))) return null;
    const answer = await shopBoxesPage(db, firstPage);
    return { markup: answer.data.map(boxCardMarkup).join(''), data: { boxes: answer } };
  };
}
