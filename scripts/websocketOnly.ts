import type { Plugin } from 'vite';

// The game sockets connect with the websocket transport only (src/realtime/gameSocket.ts,
// `transports: ['websocket']`), yet engine.io-client's transport table imports its long-polling
// (XHR) and WebTransport transports too, and a bundler cannot drop what a table holds. In the
// client build this plugin serves the table with the websocket transport alone: the same engine,
// a few KiB less on every page with a game socket (docs/performance.md, "Budgets").

const TABLE = /engine\.io-client\/build\/esm\/transports\/index\.js$/;
/** The other transports: only the package's index re-exports them now, and nothing of ours uses them. */
const UNUSED = /engine\.io-client\/build\/esm\/transports\/(polling|webtransport)[^/]*\.js$/;

export function websocketOnly(): Plugin {
  return {
    name: 'shop:websocket-only',
    apply: 'build',
    enforce: 'pre',
    load(id) {
      if (!TABLE.test(id.replace(/\\/g, '/'))) return null;
      // "./websocket.node.js" as the original imports it: the package's browser field maps it.
      return 'import { WS } from "./websocket.node.js";\nexport const transports = { websocket: WS };\n';
    },
    // Their top-level feature probes (a throwaway XMLHttpRequest) are no reason to keep them.
    transform(code, id) {
      return UNUSED.test(id.replace(/\\/g, '/')) ? { code, moduleSideEffects: false } : null;
    },
  };
}
