// The shop's service worker, for web push only (docs/community.md, "Web push"): it shows each pushed
// notification ({title, body, link}, worded by the server from core/protocol/notificationEvents.ts)
// and opens its page when it is chosen. It has no fetch handler: it caches nothing and serves no page.

self.addEventListener('push', (event) => {
  let data;
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : '' };
  }
  event.waitUntil(
    self.registration.showNotification(data.title || 'Mystery Box', {
      body: data.body || '',
      icon: '/favicon.svg',
      tag: data.link || undefined,
      data: { link: data.link || '/profile/notifications' },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const link = new URL(event.notification.data?.link || '/profile/notifications', self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
      if (open) return open.focus().then((w) => w.navigate(link));
      return self.clients.openWindow(link);
    }),
  );
});
