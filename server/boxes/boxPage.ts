import type { Db } from '../db/database.ts';
import { escapeHtml } from '../http/html.ts';
import type { PageFill, PageFiller } from '../plugins/client.ts';
import { boxDetail, findBox } from './catalog.ts';

// The shop box page's fill (server/plugins/client.ts, core/pageData.ts): its first paint is the box's
// hero, written here, and the client gets the box as GET /api/boxes/{slug} would answer it, so that
// its first render is the whole page without asking again (src/pages/boxes/BoxPage.tsx, servedBox).

/**
 * The hero as BoxPage draws it for a guest: the same elements and classes, so that React's first
 * render replaces it in place. Its controls (quantity, the open button, fast mode) come with the
 * client; until then their row keeps their height (`data-reserved`, boxes.css), so the heading next
 * to the art does not move when they arrive. tests/e2e/layoutShift.spec.ts measures the box page.
 */
export function boxHeroMarkup(box: { slug: string; name: string; img_url: string; type: string; items: readonly unknown[] }): string {
  return (
    `<div class="box-page" data-box="${escapeHtml(box.slug)}"><section class="box-hero">` +
    `<img class="box-hero__img" src="${escapeHtml(box.img_url)}" alt="" fetchpriority="high">` +
    `<div><h1>${escapeHtml(box.name)}</h1><p class="box-card__note">${box.items.length} items · ${escapeHtml(box.type)}</p>` +
    `<div class="box-hero__controls" data-reserved=""></div></div></section></div>`
  );
}

/** The fill of /boxes/{slug}: null for a slug that is no shop box (the client's 404 page then). */
export function boxPageFiller(db: Db): PageFiller {
  return async ({ slug }): Promise<PageFill | null> => {
    if (!slug || slug.length > 100) return null;
    const box = await findBox(db, 'box', slug);
    if (!box) return null;
    const detail = boxDetail(box);
    return { markup: boxHeroMarkup(detail), data: { box: detail } };
  };
}
