// What is on screen until the app has drawn its first page: the loading overlay, or on a prerendered
// page (/, /boxes and the game pages, scripts/prerender.ts) the root's `data-prerendered` mark, there
// until React has replaced the markup. Wait for none of it before clicking: a click on prerendered
// markup is lost.
export const APP_LOADING = '[data-testid="loading-overlay"], #root[data-prerendered]';
