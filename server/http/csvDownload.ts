import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

// The HTTP side of a CSV file (server/history/csv.ts writes its lines).

/** Streams the file's lines as a download named `name` (the players' history exports, the console's reports). */
export function sendCsv(reply: FastifyReply, name: string, lines: AsyncGenerator<string>) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}"`)
    .header('cache-control', 'no-store')
    .send(Readable.from(lines));
}
