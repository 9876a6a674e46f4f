// The one inline script of index.html (injected by vite.config.ts, allowed by its hash in the CSP,
// server/plugins/securityHeaders.ts). Before the first paint it marks <html data-session> when the
// `token` cookie is there, so the prerendered header (a guest's: Login, Sign up) hides its guest
// controls until the session is known (src/app/layout/layout.css, src/features/auth/authSession.ts).
export const SESSION_MARK_ATTRIBUTE = 'data-session';
export const SESSION_MARK_SCRIPT = `if(/(?:^|;\\s*)token=[^;]/.test(document.cookie))document.documentElement.setAttribute('${SESSION_MARK_ATTRIBUTE}','')`;

