import { pickByTicket, ticket, ticketRanges } from '../outcomes.ts';
import { UsageError, type FairCommand } from './command.ts';

export const command: FairCommand = {
  section: 'seed',
  help: `box      [--odds "50,30,20"]   ticket 1…100000 and, with odds, the item index`,
  flags: ['odds'],
  run: ({ seeds, values }) => {
    const s = seeds();
    const t = ticket(s.serverSeed, s.clientSeed, s.nonce);
    if (typeof values.odds !== 'string') return { game: 'box', ticket: t };
    const odds = values.odds.split(',').map(Number);
    if (odds.some((o) => !Number.isFinite(o))) throw new UsageError('--odds is a comma-separated list of numbers');
    return { game: 'box', ticket: t, item: pickByTicket(t, ticketRanges(odds)) };
  },
};
