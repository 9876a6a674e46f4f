// index.html's second inline script (injected by vite.config.ts, allowed by its hash in the CSP,
// server/plugins/securityHeaders.ts; docs/client-shell.md, "Installable app"). It costs the page's
// first load no script of its own:
// - it registers the service worker (/sw.js, src/serviceWorker/sw.ts) once the page has loaded, so
//   the worker's start and its precache share nothing with the first load;
// - it keeps the browser's install offer (`beforeinstallprompt`), which can come before any of the
//   page's modules run: the offer is held on `window.shopInstall` (the browser's own banner is
//   held back) and `shop:installable` is sent, for the shell's "Install the app" entry
//   (src/features/install/). `appinstalled` forgets it.
export const INSTALL_OFFER_EVENT = 'shop:installable';
export const SERVICE_WORKER_URL = '/sw.js';
export const SERVICE_WORKER_BOOT_SCRIPT = `(function(w){w.addEventListener('beforeinstallprompt',function(e){e.preventDefault();w.shopInstall=e;w.dispatchEvent(new Event('${INSTALL_OFFER_EVENT}'))});w.addEventListener('appinstalled',function(){w.shopInstall=null;w.dispatchEvent(new Event('${INSTALL_OFFER_EVENT}'))});var s=navigator.serviceWorker;if(s)w.addEventListener('load',function(){s.register('${SERVICE_WORKER_URL}').catch(function(){})})})(window)`;
