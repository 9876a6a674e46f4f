// A filled page (server/plugins/client.ts, `filled` in PRERENDERED_PAGES): the build prerenders its
// loading state with one element marked PAGE_SLOT_ATTRIBUTE, which scripts/prerender.ts turns into
// PAGE_SLOT; per request the server writes there what the page shows first (the box page: its box's
// hero) and puts the data the page needs into a JSON data block with the id PAGE_DATA_ID, which the
// client reads instead of asking the API again (src/app/pageData.ts). A data block is not run, so the
// CSP has nothing to allow for it.
export const PAGE_SLOT_ATTRIBUTE = 'data-page-slot';
/** The comment the slot element becomes in the prerendered copy, and its text. */
export const PAGE_SLOT_TEXT = 'page-slot';
export const PAGE_SLOT = `<!--${PAGE_SLOT_TEXT}-->`;
export const PAGE_DATA_ID = 'page-data';
