// The disk's flush latency over the bench's window, from a process of its own: an 8 KiB write and an
// fdatasync every 10 ms to a file beside the database's (BENCH_FLUSH_DIR, default the system's temp
// directory: on this machine the same disk as PostgreSQL's WAL). A durable commit returns only after
// its WAL is flushed, so a flush that stalls holds every cash-out committed during the stall, however
// little CPU the statement needs: this is what tells a slow run's tail apart from the shop's own
// (bench/crash/README.md).
//   {cmd:'start'} … {cmd:'stop'} → {cmd:'flushes', latencies}
import { closeSync, fdatasyncSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const INTERVAL_MS = 10;
const dir = mkdtempSync(path.join(process.env.BENCH_FLUSH_DIR ?? tmpdir(), 'flush-'));
const fd = openSync(path.join(dir, 'probe'), 'w');
const page = Buffer.alloc(8192, 1);
let latencies: number[] = [];
let timer: NodeJS.Timeout | undefined;

function flushOnce() {
  const t0 = performance.now();
  writeSync(fd, page, 0, page.length, 0);
  fdatasyncSync(fd);
  latencies.push(performance.now() - t0);
}

process.on('message', (message: { cmd: 'start' | 'stop' | 'exit' }) => {
  if (message.cmd === 'start') {
    latencies = [];
    timer = setInterval(flushOnce, INTERVAL_MS);
    process.send!({ cmd: 'started' });
  } else if (message.cmd === 'stop') {
    clearInterval(timer);
    process.send!({ cmd: 'flushes', latencies });
  } else {
    closeSync(fd);
    rmSync(dir, { recursive: true, force: true });
    process.exit(0);
  }
});
process.send!({ cmd: 'ready' });
