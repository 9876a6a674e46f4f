// The server Playwright starts: the built product on a fresh data directory, seeded like a
// first `npm start`, removed again when the run ends.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { identityProviderEnvForPort } from '../tests/helpers/identityProviderEnv.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'shop-e2e-'));
process.env.DATA_DIR = dir;
process.env.SEED_DEMO ??= 'true';
// Accounts journeys read mails from the outbox (its path is written where the test can find it by
// port) and sign in through a local identity provider the test starts on E2E_IDP_PORT.
const port = process.env.PORT ?? '3100';
writeFileSync(path.join(tmpdir(), `shop-e2e-${port}-outbox.txt`), path.join(dir, 'outbox'));
process.env.PUBLIC_URL ??= `http://127.0.0.1:${port}`; // links in mails and the social return address
const idpPort = Number(process.env.E2E_IDP_PORT ?? Number(port) + 1000);
for (const [key, value] of Object.entries(identityProviderEnvForPort(idpPort))) process.env[key] ??= value;
const cleanup = () => rmSync(dir, { recursive: true, force: true });
process.on('exit', cleanup);
const { main } = await import('../server/main.ts');
await main();
