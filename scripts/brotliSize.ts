import { existsSync, readFileSync } from 'node:fs';
import { brotliCompressSync, constants } from 'node:zlib';

/** A built file's size as the server sends it: its `.br` beside it (the build writes one), else compressed here at brotli's best. */
export function brotliSize(file: string): number {
  if (existsSync(`${file}.br`)) return readFileSync(`${file}.br`).length;
  const source = readFileSync(file);
  return brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
}
