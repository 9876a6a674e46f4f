import { fileAnswer } from './fileAnswer.ts';

/** GET /api/admin/metrics: the Prometheus text exposition (docs/operations.md lists every metric). */
export const MetricsAnswer = fileAnswer('text/plain', "This node's metrics in Prometheus's text format (version 0.0.4): plays, settlements, the ledger check, sockets, pool, bus lag, leadership, HTTP latency and the process's own.");
