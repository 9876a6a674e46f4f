import type { Page } from '@playwright/test';

/**
 * Holds every main socket (`/app/{key}`) the page opens from now on until the returned function is
 * called: what the server publishes meanwhile reaches no one on this page, as on a slow link or
 * during a reconnection, so a test can check that the page still shows it once subscribed
 * (docs/realtime.md, "Load, subscribe, load again").
 */
export async function holdSockets(page: Page): Promise<() => void> {
  let connect = () => {};
  const held = new Promise<void>((resolve) => (connect = resolve));
  await page.routeWebSocket(/\/app\//, async (socket) => {
    await held;
    socket.connectToServer();
  });
  return connect;
}
