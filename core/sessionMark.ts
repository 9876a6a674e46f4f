// The one inline script of index.html (injected by vite.config.ts, allowed by its hash in the CSP,
// server/plugins/securityHeaders.ts). Before the first paint it marks <html data-session> when the
// `token` cookie is there, so the prerendered page paints the signed-in shell instead of a guest's
// until the session is known: the guest controls (Login, Sign up, "Log in to …") are hidden and the
// header shows the places of the balance and the avatar, drawn by CSS alone so the first load's script
// carries nothing for it (src/app/layout/layout.css; src/features/auth/authSession.ts lifts the mark).
export const SESSION_MARK_ATTRIBUTE = 'data-session';
export const SESSION_MARK_SCRIPT = `if(/(?:^|;\\s*)token=[^;]/.test(document.cookie))document.documentElement.setAttribute('${SESSION_MARK_ATTRIBUTE}','')`;

