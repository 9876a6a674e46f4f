import { expect, type APIRequestContext } from '@playwright/test';
import type { BetHistoryRow, HistoryGame } from '../../../core/protocol/history.ts';

// Truth on screen: what a game's page showed for a bet (its payout, its multiplier, the item's
// value) must be what the player's history (GET /api/profile/bets, the /profile history page's
// source) holds for that bet. Each journey that plays a game hands its shown numbers here, read from
// the page (not from the answer), after the play.

export interface ShownResult {
  game: HistoryGame;
  /** The game's own id of the bet (a box opening's item, a battle's id); absent: the player's newest bet of the game (the instant games' answers carry no id). */
  id?: number | string;
  /** Coins the page showed as paid (0 for a loss). */
  payout: number;
  /** The multiplier the page showed, when it shows one. */
  multiplier?: number;
}

/** The player's history row of `shown`'s bet (waits until it is there and settled). */
export async function historyRowOf(request: APIRequestContext, headers: Record<string, string>, shown: Pick<ShownResult, 'game' | 'id'>): Promise<BetHistoryRow> {
  const id = shown.id === undefined ? null : `${shown.game}:${shown.id}`;
  let row: BetHistoryRow | undefined;
  await expect
    .poll(
      async () => {
        const res = await request.get(`/api/profile/bets?game=${shown.game}`, { headers });
        expect(res.ok(), await res.text()).toBe(true);
        const rows = ((await res.json()) as { data: BetHistoryRow[] }).data;
        row = id === null ? rows[0] : rows.find((r) => r.id === id);
        return row?.payout ?? null;
      },
      { message: `${id ?? `the newest ${shown.game} bet`} is settled in the player's history`, timeout: 15_000 },
    )
    .not.toBeNull();
  return row!;
}

/** The numbers the page showed for a bet equal its row in the player's history. */
export async function expectShownMatchesHistory(request: APIRequestContext, headers: Record<string, string>, shown: ShownResult): Promise<void> {
  const row = await historyRowOf(request, headers, shown);
  expect(row.payout, `the payout shown for ${row.id} is the one in the history`).toBe(shown.payout);
  if (shown.multiplier !== undefined) expect(row.multiplier, `the multiplier shown for ${row.id} is the one in the history`).toBe(shown.multiplier);
}

/** A coin amount as the page writes it ("1,234.50", "$3.20", "+ 0.98") as a number. */
export function coinsShown(text: string | null): number {
  const match = /(\d[\d,]*\.\d\d)/.exec(text ?? '');
  expect(match, `an amount in "${text}"`).not.toBeNull();
  return Number(match![1]!.replace(/,/g, ''));
}

/** Several bets shown at once (a multi-box opening): their payouts are those of the player's newest bets of the game, in any order. */
export async function expectShownListMatchesHistory(request: APIRequestContext, headers: Record<string, string>, game: HistoryGame, payouts: number[]): Promise<void> {
  const sorted = (values: number[]) => [...values].sort((x, y) => x - y);
  await expect
    .poll(async () => {
      const res = await request.get(`/api/profile/bets?game=${game}`, { headers });
      expect(res.ok(), await res.text()).toBe(true);
      return sorted(((await res.json()) as { data: BetHistoryRow[] }).data.slice(0, payouts.length).map((r) => r.payout ?? -1));
    }, { message: `the ${game} payouts shown are the newest in the player's history` })
    .toEqual(sorted(payouts));
}
