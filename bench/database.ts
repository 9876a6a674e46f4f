// The benchmarks' scratch PostgreSQL database, beside BENCH_DATABASE_URL (default: the local
// server's postgres database), created for one run and dropped at its end.
import { createScratchDatabase } from '../tests/helpers/scratchDatabase.ts';

export function createBenchDatabase(prefix: string) {
  return createScratchDatabase(prefix, process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
}
