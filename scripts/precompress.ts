import { existsSync } from 'node:fs';
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

// Writes a .br and a .gz beside every compressible file of the client build, so the server sends
// them as they are (server/plugins/client.ts, `preCompressed`) and never compresses per request.
// node:zlib only: no dependency for two calls (docs/performance.md, "Delivery").

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest|wasm|map)$/;
/** Below this a compressed copy saves less than a packet and costs a file lookup. */
const MIN_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(entries.map((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? filesUnder(full) : Promise.resolve([full]);
  }));
  return nested.flat();
}

/** Compresses one file; a copy that is not smaller than the original is not written. */
export async function precompressFile(file: string): Promise<void> {
  const source = await readFile(file);
  const [br, gzipped] = await Promise.all([
    brotli(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: source.length } }),
    gz(source, { level: 9 }),
  ]);
  if (br.length < source.length) await writeFile(`${file}.br`, br);
  if (gzipped.length < source.length) await writeFile(`${file}.gz`, gzipped);
}

export async function precompressDir(dir: string): Promise<void> {
  await precompressFiles(await filesUnder(dir));
}

async function precompressFiles(files: string[]): Promise<void> {
  const targets: string[] = [];
  for (const file of files) {
    if (COMPRESSIBLE.test(file) && (await stat(file)).size >= MIN_BYTES) targets.push(file);
  }
  await Promise.all(targets.map(precompressFile));
}

export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'shop:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // Once the bundle's files are on disk (closeBundle may run before index.html is written).
    // Public files are not compressed: today only the small favicon.
    async writeBundle(options, bundle) {
      const dir = options.dir ?? outDir;
      const files = Object.keys(bundle).map((name) => path.join(dir, name)).filter((f) => existsSync(f));
      await precompressFiles(files);
    },
  };
}
