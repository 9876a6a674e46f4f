import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute, setCatchHandler } from 'workbox-routing';
import { CacheFirst, NetworkOnly, StaleWhileRevalidate } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { enable as enableNavigationPreload } from 'workbox-navigation-preload';
import { API_PREFIXES, ART_PREFIX, isApiPath } from '../../core/apiPaths.ts';

// The shop's one service worker, at scope / (docs/client-shell.md, "Installable app"), built by
// vite-plugin-pwa (Workbox's injectManifest) into /sw.js and registered after the page's load by
// index.html's inline script (core/serviceWorkerBoot.ts).
// - Precached at install: the shell (the entry and the home page's code and styles, the Latin
//   fonts, our SVG art, the app's icons, the manifest) and the offline page; the list is
//   vite.config.ts's. The other hashed files under /assets/ are kept as they are first used.
// - Box and item art (ART_PREFIX, pictures only) is kept as it is shown and refreshed behind.
// - Nothing else of the server's own paths (core/apiPaths.ts: /api, /oauth, /social,
//   /broadcasting, the sockets) is ever answered from a cache: no route matches them, so the
//   browser asks the server itself, and the balance, bets and session are always the server's.
// - Pages are always asked of the server (they are filled per request and carry the session mark);
//   when that fails (offline) the offline page answers the navigation.
// - Web push (formerly public/push-worker.js, docs/community.md "Web push"): a push's notification
//   and its click.

interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface PushEvent extends ExtendableEvent {
  readonly data: { json(): unknown; text(): string } | null;
}
interface NotificationEvent extends ExtendableEvent {
  readonly notification: Notification;
}
interface WindowClient {
  readonly url: string;
  focus(): Promise<WindowClient>;
  navigate(url: string): Promise<WindowClient | null>;
}
interface WorkerScope {
  readonly registration: ServiceWorkerRegistration;
  readonly location: Location;
  readonly clients: {
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly WindowClient[]>;
    openWindow(url: string): Promise<WindowClient | null>;
    claim(): Promise<void>;
  };
  readonly __WB_MANIFEST: Parameters<typeof precacheAndRoute>[0];
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'push', listener: (event: PushEvent) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: NotificationEvent) => void): void;
}
declare const self: WorkerScope;

/** The page a failed navigation gets (public/offline.html, precached). */
const OFFLINE_PAGE = '/offline.html';
/** The runtime caches: hashed files first used after install, and the shown art. */
const ASSET_CACHE = 'shop-assets';
const ART_CACHE = 'shop-art';

// A new worker takes over at once: it serves no page, only files under their hashed names, so an
// open page goes on asking for its files as it would without a worker.
self.addEventListener('install', () => void self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// The page's request starts while the worker boots, so going through the worker delays no page.
enableNavigationPreload();

/** A navigation to one of the server's own paths (core/apiPaths.ts) is left to the browser. */
const SERVER_PATHS = new RegExp(`^(?:${API_PREFIXES.map((p) => p.slice(0, -1).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})(?:/|$)`);
registerRoute(new NavigationRoute(new NetworkOnly(), { denylist: [SERVER_PATHS] }));

registerRoute(
  ({ url, request }) => url.origin === self.location.origin && url.pathname.startsWith('/assets/') && request.method === 'GET',
  new CacheFirst({ cacheName: ASSET_CACHE, plugins: [new CacheableResponsePlugin({ statuses: [200] }), new ExpirationPlugin({ maxEntries: 400, maxAgeSeconds: 30 * 24 * 3600 })] }),
);

/** Only a picture is kept: an error page or JSON under the art's path never enters the cache. */
const picturesOnly = {
  cacheWillUpdate: async ({ response }: { response: Response }) => (response.status === 200 && (response.headers.get('content-type') ?? '').startsWith('image/') ? response : null),
};
registerRoute(
  ({ url, request }) => url.origin === self.location.origin && url.pathname.startsWith(ART_PREFIX) && request.method === 'GET' && request.destination === 'image',
  new StaleWhileRevalidate({ cacheName: ART_CACHE, plugins: [picturesOnly, new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 30 * 24 * 3600 })] }),
);

setCatchHandler(async ({ request }) => {
  if (request.mode === 'navigate' && !isApiPath(new URL(request.url).pathname)) return (await matchPrecache(OFFLINE_PAGE)) ?? Response.error();
  return Response.error();
});

// Web push: each pushed notification ({title, body, link}, worded by the server from
// core/protocol/notificationEvents.ts), and its page opened when it is chosen.
self.addEventListener('push', (event) => {
  let data: { title?: string; body?: string; link?: string };
  try {
    data = (event.data ? event.data.json() : {}) as typeof data;
  } catch {
    data = { body: event.data ? event.data.text() : '' };
  }
  event.waitUntil(
    self.registration.showNotification(data.title || 'Mystery Box', {
      body: data.body || '',
      icon: '/icons/icon-192.png',
      tag: data.link || undefined,
      data: { link: data.link || '/profile/notifications' },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const link = new URL((event.notification.data as { link?: string } | null)?.link || '/profile/notifications', self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
      if (open) return open.focus().then((w) => w.navigate(link));
      return self.clients.openWindow(link);
    }),
  );
});
