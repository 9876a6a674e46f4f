// Whether this page load started from prerendered markup: scripts/prerender.ts writes the page's
// loading state into <div id="root" data-prerendered> for /, /boxes and the game pages. Read once,
// before React replaces that markup; the attribute goes once React has drawn the page (LoadingOverlay).
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';
export const prerendered = typeof document !== 'undefined' && document.getElementById('root')?.hasAttribute(PRERENDERED_ATTRIBUTE) === true;
