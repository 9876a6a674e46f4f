import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './scripts/precompress.ts';
import { websocketOnly } from './scripts/websocketOnly.ts';

// The client build. In development the API is proxied to the Node server on :3000.
export default defineConfig({
  plugins: [react(), websocketOnly(), precompress()],
  publicDir: 'public',
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1200,
    manifest: true,
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:3000',
      '/oauth': 'http://localhost:3000',
      '/social': 'http://localhost:3000',
      '/broadcasting': 'http://localhost:3000',
      '/app': { target: 'ws://localhost:3000', ws: true },
      '/socket.io': { target: 'ws://localhost:3000', ws: true },
    },
  },
});
