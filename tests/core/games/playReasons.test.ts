import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isClassifiedReason, playRole, refundedStake, STAKE_REASONS } from '../../../core/games/playReasons.ts';
import { LEDGER_REASONS } from '../../../core/protocol/history.ts';
import { HISTORY_GAMES } from '../../../core/protocol/history.ts';
import { addPlay } from '../../../server/responsible/playGate.ts';

// What counts as a stake is one closed table (docs/account-safety.md, "What counts as a stake"):
// every reason the server writes on a ledger row is in it, and only a stake's own refund lowers
// what a wager or loss limit has used.

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

  it('every credit that is not play leaves a limit\'s stakes and wins unchanged', () => {
    const credits = Object.keys(LEDGER_REASONS).filter((r) => playRole(r) === 'not_play');
    expect(credits).toEqual(expect.arrayContaining(['crypto_withdrawal_refund', 'deposit', 'deposit_bonus', 'manual_adjustment', 'cashback', 'gift_code', 'voucher', 'referral_welcome', 'leaderboard_prize', 'item_sale']));
    for (const reason of credits) {
      const play = { staked: 1_000, won: 0 };
      addPlay(play, reason, 50_00);
      expect(play, reason).toEqual({ staked: 1_000, won: 0 });
    }
  });

  it('a stake refund gives back its own stake; nothing else does', () => {
    const play = { staked: 0, won: 0 };
    addPlay(play, 'wheel_bet', -4_00);
    addPlay(play, 'wheel_cancel', 4_00);
    addPlay(play, 'crash_bet', -2_00);
    addPlay(play, 'crypto_withdrawal_refund', 50_00);
    addPlay(play, 'crash_win', 3_00);
    expect(play).toEqual({ staked: 2_00, won: 3_00 });
    expect(refundedStake('battle_refund')).toBe('battle_stake');
    expect(refundedStake('crypto_withdrawal_refund')).toBeNull();
    expect(STAKE_REASONS).toEqual(expect.arrayContaining(['box_open', 'user_box_open', 'battle_stake', 'upgrade_bet']));
  });
});
