// The paths of the server's own answers (API, sign-in, realtime) as opposed to the client's pages
// and files. The server answers an unknown one with 404 JSON instead of the client's page
// (server/plugins/client.ts); the service worker never caches or serves one (src/serviceWorker/sw.ts):
// their answers are the player's balance, bets and session, always asked of the server.
export const API_PREFIXES = ['/api/', '/oauth/', '/social/', '/broadcasting/', '/app/', '/socket.io/'];

/** Whether `pathname` is one of the server's own answers (or the bare prefix, `/api`). */
export const isApiPath = (pathname: string): boolean => API_PREFIXES.some((p) => pathname.startsWith(p) || `${pathname}/` === p);

/** Where the server serves box and item art (pictures the API's answers link; the service worker keeps them as shown). */
export const ART_PREFIX = '/api/art/';
