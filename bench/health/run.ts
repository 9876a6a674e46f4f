// GET /api/health requests per second of the real app, against a bare Fastify hello-world,
// measured one after the other in the same run with the same autocannon settings.
// Run: node_modules/.bin/node bench/health/run.ts   (or: npm run bench:health)
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { buildApp } from '../../server/app.ts';
import { testConfig } from '../../tests/helpers/testConfig.ts';

const duration = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);

async function measure(url: string) {
  const result = await autocannon({ url, connections, duration, pipelining: 1 });
  return { rps: Math.round(result.requests.average), p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

const bare = Fastify({ logger: false });
bare.get('/api/health', async () => ({ status: 'ok' }));
await bare.listen({ port: 0, host: '127.0.0.1' });
const bareAddress = bare.server.address() as { port: number };

const app = await buildApp(testConfig({ LOG_LEVEL: 'silent' }), { seed: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const appAddress = app.server.address() as { port: number };

// Warm both up so the JIT has seen the paths before measuring.
await autocannon({ url: `http://127.0.0.1:${bareAddress.port}/api/health`, connections, duration: 2 });
await autocannon({ url: `http://127.0.0.1:${appAddress.port}/api/health`, connections, duration: 2 });

const bareResult = await measure(`http://127.0.0.1:${bareAddress.port}/api/health`);
const appResult = await measure(`http://127.0.0.1:${appAddress.port}/api/health`);
await bare.close();
await app.close();

const rows = [
  ['bare Fastify hello-world', bareResult],
  ['shop GET /api/health', appResult],
] as const;
console.log(`| server | req/s | p50 ms | p99 ms | errors |\n|---|---|---|---|---|`);
for (const [name, r] of rows) console.log(`| ${name} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.errors} |`);
console.log(`\nratio shop / bare: ${(appResult.rps / bareResult.rps).toFixed(2)} (${connections} connections, ${duration} s each, Node ${process.version})`);
