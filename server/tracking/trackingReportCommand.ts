import { formatCents } from '../../core/money/cents.ts';
import type { OpsServices } from '../services.ts';
import { trackingReport } from './trackingLinks.ts';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A value as one cell of the tab-separated report: control characters (tab, newline…) escaped as \uXXXX. */
export function printable(value: string): string {
  // eslint-disable-next-line no-control-regex
  return value.replace(/[\u0000-\u001f\u007f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** `npm run ops -- tracking-report [--from YYYY-MM-DD] [--to YYYY-MM-DD]`: one line per source and UTC day. */
export const trackingReportCommand = {
  summary: 'tracking links per source and day: [--from YYYY-MM-DD] [--to YYYY-MM-DD]',
  options: { from: { type: 'string' as const }, to: { type: 'string' as const } },
  async run({ db }: OpsServices, values: Record<string, string | boolean | undefined>) {
    const from = typeof values.from === 'string' ? values.from : undefined;
    const to = typeof values.to === 'string' ? values.to : undefined;
    for (const day of [from, to]) if (day !== undefined && !DAY.test(day)) throw new Error('--from and --to are days: YYYY-MM-DD');
    const rows = await trackingReport(db, { from, to });
    const lines = [['day', 'source', 'visits', 'signups', 'depositors', 'deposits'].join('\t')];
    for (const r of rows) lines.push([r.day, printable(r.source), r.visits, r.signups, r.depositors, formatCents(r.deposits)].join('\t'));
    process.stdout.write(`${lines.join('\n')}\n`);
  },
};
