import path from 'node:path';

/**
 * The client directory of the apps and server processes the Vitest files start, unless a test gives
 * its own: a directory that is never made, so they serve no built client whether or not dist/client
 * exists. `npm test` builds dist/client while the Vitest files run (scripts/test.ts): an app starting
 * mid-build would otherwise read a half-written client. Its own module: scripts/test.ts reads it
 * without loading the server's configuration.
 */
export const NO_CLIENT_DIR = path.resolve('tests/helpers/no-client');
