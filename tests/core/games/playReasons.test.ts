import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isClassifiedReason, playRole } from '../../../core/games/playReasons.ts';
import { LEDGER_REASONS } from '../../../core/protocol/history.ts';
import { HISTORY_GAMES } from '../../../core/protocol/history.ts';

// What each ledger reason is to the wallet is one closed table (docs/account-safety.md, "What counts
// as a stake"): every reason the server writes on a ledger row is in it. (What a limit has used is
// the bets journal's: tests/server/history/journalReaders.test.ts.)

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : path.endsWith('.ts') ? [path] : [];
  });
}

/**
 * Every reason the server's code hands the wallet: the literals of each credit and debit (both results
 * of a ternary), named reason constants, and the games' `${game}_…` templates over every game.
 */
function writtenReasons(): Set<string> {
  const found = new Set<string>();
  for (const file of sources('server')) {
    const text = readFileSync(file, 'utf8');
    for (const call of text.matchAll(/\.(?:credit|debit)\(\{[^}]*reason: ([^,}]+)/g)) {
      for (const literal of call[1]!.matchAll(/(?:^|[?:] *)'([a-z_]+)'/g)) found.add(literal[1]!);
    }
    for (const m of text.matchAll(/_REASON = '([a-z_]+)'/g)) found.add(m[1]!);
    for (const m of text.matchAll(/reason: `\$\{game\}_([a-z]+)`|gate\.game \|\| '_([a-z]+)'/g)) {
      for (const game of HISTORY_GAMES) found.add(`${game}_${m[1] ?? m[2]}`);
    }
  }
  return found;
}

describe('play reasons', () => {
  it('classifies every reason the ledger lists', () => {
    for (const reason of Object.keys(LEDGER_REASONS)) expect(isClassifiedReason(reason), reason).toBe(true);
  });

  it('classifies every reason the server writes (games that write no such reason, like box_win, excepted)', () => {
    const written = [...writtenReasons()];
    expect(written).toContain('crypto_withdrawal_refund');
    expect(written).toEqual(expect.arrayContaining(['wheel_cancel', 'gift_code', 'voucher', 'deposit_bonus', 'cashback']));
    // `${game}_…` over every history game makes names no game writes (box_bet, battle_win): those are not ledger reasons.
    const unknown = written.filter((r) => !isClassifiedReason(r) && !HISTORY_GAMES.some((g) => r.startsWith(`${g}_`)));
    expect(unknown).toEqual([]);
    for (const game of ['dice', 'plinko', 'crash', 'wheel'] as const) expect(playRole(`${game}_bet`)).toBe('stake');
  });
});
