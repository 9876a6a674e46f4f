import { battleLayout, isTeamMode, seatTeam, seatTotals, type BattleMode } from '../../../core/games/battle.ts';
import { centsToCoins, coinsToCents, formatCents } from '../../../core/money/cents.ts';
import { battleVerifyPath } from '../../../core/games/verifyPaths.ts';
import type { BattleBoxPick, BattleDetail, BattleSummary } from '../../../core/protocol/battle.ts';
import type { BattleSceneRound } from '../../../scenes/battle/BattleScene.ts';
import type { WinToCelebrate } from '../../../core/games/celebration.ts';
import { translator } from '../../i18n/i18n.ts';
import messages from './i18n/en-US.json';

const t = translator(messages);

// What the battle page shows, from the battle's detail (pure, tested without a browser). One rule
// owns the running totals: a round counts once the scene has landed it (`landed`), so the reels'
// totals, the seat cards, the round list and the spoken announcement never disagree mid-round
// (the seat cards once took the server's round end while the reels had already counted it).

/** How far a battle has gone: its seats fill, it starts, its rounds are played, it ends or is canceled. */
const STAGE: Record<BattleSummary['status'], number> = { waiting: 0, running: 1, ended: 2, canceled: 2 };

/**
 * Whether `a` is an earlier state of the battle than `b`. A battle only moves forward, and a page
 * hears it from answers and events that can cross (a load asked before an event, answered after
 * it): the earlier never replaces the later.
 */
export function isEarlierBattle(a: BattleSummary & { rounds?: readonly unknown[] }, b: BattleSummary & { rounds?: readonly unknown[] }): boolean {
  if (STAGE[a.status] !== STAGE[b.status]) return STAGE[a.status] < STAGE[b.status];
  if (a.seats_filled !== b.seats_filled) return a.seats_filled < b.seats_filled;
  return (a.rounds?.length ?? 0) < (b.rounds?.length ?? 0);
}

/** Coins per seat after the first `rounds` rounds. */
export function totalsAfter(detail: BattleDetail, rounds: number): number[] {
  const values = detail.rounds.slice(0, rounds).map((round) => {
    const bySeat: number[] = [];
    for (const r of round.results) bySeat[r.seat] = coinsToCents(r.item.price) ?? 0;
    return bySeat;
  });
  return seatTotals(values, detail.seats_total).map(centsToCoins);
}

export function seatName(detail: BattleSummary, seat: number): string {
  const s = detail.seats.find((x) => x.seat === seat);
  return s?.user?.name ?? s?.bot?.name ?? t('openSeat');
}

/** A side of the battle: a team's name in the team modes, its one seat's player otherwise. */
export function sideName(detail: BattleSummary, team: number): string {
  return isTeamMode(detail.mode) ? teamName(team + 1) : seatName(detail, team);
}

/** A team by its number (1, 2): "Team 2" (the scene's tie-break coin says it too). */
export function teamName(number: number): string {
  return t('team', { number });
}

/** Names as one phrase: "Ann and Bo", "Ann and Bo and Cy". */
export function namesAnd(names: string[]): string {
  return names.reduce((a, b) => t('and', { a, b }));
}

/**
 * Rounds that count on the page: those the scene has landed (`landed`), and never fewer than the
 * rounds before the one in play (a viewer arriving mid-battle sees the earlier rounds at once).
 */
export function countedRounds(detail: BattleDetail, landed: number): number {
  return Math.min(detail.rounds.length, Math.max(landed, detail.rounds.length - 1));
}

/** The tie the published tie-break rule settled, as the scene's coin shows it (the server decided it). */
export function tieBreakOf(detail: BattleDetail): { tied: number[]; winner: number } | null {
  const w = detail.winner;
  return w && w.tie_break && w.tied.length > 1 ? { tied: w.tied, winner: w.team } : null;
}

/**
 * What the scene shows: idle seats before start, the last round started (with what is left of its
 * spin), the winners at the end; `landed` rounds (already shown) are not spun again.
 */
export function sceneView(detail: BattleDetail, serverNow: number, landed = 0): BattleSceneRound {
  const layout = battleLayout(detail.mode);
  const seats = Array.from({ length: layout.seats }, (_, s) => ({ name: seatName(detail, s), team: seatTeam(detail.mode, s) }));
  const base = { seats, teams: isTeamMode(detail.mode), roundsTotal: detail.rounds_total };
  const last = detail.rounds.at(-1);
  if (!last) return { ...base, round: 0, items: [], won: null, totals: new Array<number>(layout.seats).fill(0) };
  const won = [...last.results].sort((a, b) => a.seat - b.seat).map((r) => ({ ...r.item }));
  return {
    ...base,
    round: last.round,
    items: won,
    won,
    totals: totalsAfter(detail, last.round),
    totalsBefore: totalsAfter(detail, last.round - 1),
    winners: detail.winner?.seats ?? null,
    tieBreak: tieBreakOf(detail),
    spinSeconds: Math.max(0.05, (last.ends_at - serverNow) / 1000),
    landed: last.round <= landed,
  };
}

/** What a screen reader hears when round `round` lands: every seat's total. */
export function roundAnnouncement(detail: BattleDetail, round: number): string {
  const totals = totalsAfter(detail, round);
  const seats = totals.map((t, s) => `${seatName(detail, s)} ${formatCents(coinsToCents(t) ?? 0)}`).join(', ');
  return t('roundAnnouncement', { round, total: detail.rounds_total, seats });
}

/** One winning seat's share as the server settled it (winner.shares), with the items awarded to it. */
export interface BattleShare {
  seat: number;
  /** "You" for the viewer's own seat, else the seat's name. */
  who: string;
  /** The viewer's own seat. */
  you: boolean;
  value: number;
  items: string[];
}

/** The winners' shares, the viewer's seat called "You" (a spectator has none). */
export function battleShares(detail: BattleDetail, mySeat: number | null): BattleShare[] {
  const w = detail.winner;
  if (!w) return [];
  return w.shares.map(({ seat, value }) => ({
    seat,
    who: seat === mySeat ? t('you') : seatName(detail, seat),
    you: seat === mySeat,
    value,
    items: w.awards.filter((a) => a.to_seat === seat).map((a) => detail.rounds[a.round - 1]?.results.find((r) => r.seat === a.seat)?.item.name ?? ''),
  }));
}

/** What the viewer's seat received (0 when its side lost) and that less the seat cost, in coins. */
export function seatResult(detail: BattleSummary, seat: number): { received: number; net: number } {
  const received = detail.winner?.shares.find((s) => s.seat === seat)?.value ?? 0;
  return { received, net: centsToCoins((coinsToCents(received) ?? 0) - (coinsToCents(detail.cost) ?? 0)) };
}

const receives = (share: BattleShare) => {
  const value = formatCents(coinsToCents(share.value) ?? 0);
  return share.you ? t('youReceive', { value }) : t('receives', { name: share.who, value });
};

/** What a screen reader hears when the winner shows: who won what, each winner's own share, how a tie was broken. */
export function resultAnnouncement(detail: BattleDetail, mySeat: number | null = null): string {
  const w = detail.winner;
  if (!w) return '';
  const tie = tieBreakOf(detail);
  const how = tie ? t('tieAnnouncement', { sides: namesAnd(tie.tied.map((side) => sideName(detail, side))), winner: sideName(detail, tie.winner) }) : '';
  const prize = formatCents(coinsToCents(w.prize) ?? 0);
  const shares = battleShares(detail, mySeat);
  const won =
    w.seats.length > 1
      ? t('wonTeamAnnouncement', { team: sideName(detail, w.team), names: namesAnd(w.seats.map((s) => seatName(detail, s))), prize, shares: shares.map(receives).join(', ') })
      : `${t('won', { name: seatName(detail, w.seats[0]!), prize })}.`;
  const mine = mySeat !== null && !w.seats.includes(mySeat) ? t('youReceiveTotal', { value: formatCents(0) }) : w.seats.length === 1 && mySeat === w.seats[0] ? `${receives(shares[0]!)}.` : '';
  return [t('battleOver'), how, won, mine].filter(Boolean).join(' ');
}

/** An ended battle's winners in a line of the lobby: "Ann won 45.00", "Team 2 won 93.00 (Bo, Bolt (bot))". */
export function winnerLine(battle: BattleSummary): string | null {
  const w = battle.winner;
  if (!w) return null;
  const prize = formatCents(coinsToCents(w.prize) ?? 0);
  return w.seats.length > 1
    ? t('wonTeamLine', { team: sideName(battle, w.team), prize, names: w.seats.map((s) => seatName(battle, s)).join(', ') })
    : t('won', { name: seatName(battle, w.seats[0]!), prize });
}

/** The viewer's net result in an ended battle they sat in (what they received less the seat cost); null otherwise. */
export function myNetResult(battle: BattleSummary, userId: number | null): number | null {
  const seat = userId === null ? undefined : battle.seats.find((s) => s.user?.id === userId)?.seat;
  return seat === undefined || !battle.winner ? null : seatResult(battle, seat).net;
}

/** A signed amount of coins: "+5.00", "−35.00" (a true minus sign). */
export function signedCoins(coins: number): string {
  return `${coins < 0 ? '−' : '+'}${formatCents(coinsToCents(Math.abs(coins)) ?? 0)}`;
}

/** A battle's create body: its boxes in their order, its mode and switches. */
export interface BattleSettings {
  boxes: BattleBoxPick[];
  mode: BattleMode;
  crazy: boolean;
  private: boolean;
}

/** The create body of a battle like this one (Recreate, Copy). */
export function battleSettings(battle: BattleSummary): BattleSettings {
  return { boxes: battle.boxes.map((b) => ({ slug: b.slug, quantity: b.quantity })), mode: battle.mode, crazy: battle.crazy, private: battle.private };
}

/** The battle calculator of /provably-fair with this battle's seeds and rounds 1 … `round` filled in. */
export function battleFairLink(detail: BattleDetail, round = detail.rounds_total): string {
  return battleVerifyPath(detail.server_seed, detail.seats.map((s) => s.client_seed ?? ''), round);
}

/** The published tie-break rule on the overview fairness page. */
export const TIE_BREAK_RULE_HREF = '/provably-fair#battle-rules';

/** Why a canceled battle ended, in the page's words (docs/battles.md "Expiry and box changes"). */
const CANCELED_NOTES = {
  creator: 'canceledCreator',
  expired: 'canceledExpired',
  box_changed: 'canceledBoxChanged',
} as const satisfies Record<string, keyof typeof messages>;

/** The line under a waiting or canceled battle's seats; null for the others. `time` formats a moment of the clock. */
export function battleStatusNote(battle: BattleSummary, time: (ms: number) => string): string | null {
  if (battle.status === 'canceled') return t(CANCELED_NOTES[battle.canceled_reason ?? 'creator']);
  if (battle.status === 'waiting' && battle.expires_at !== null) return t('openUntil', { time: time(battle.expires_at) });
  return null;
}

/** A player's ended battle as one win: their seat's share of the prize against the seat's cost; null for a viewer or before the end. */
export function myBattleWin(battle: BattleDetail, userId: number | null): WinToCelebrate | null {
  const seat = userId === null ? undefined : battle.seats.find((s) => s.user?.id === userId)?.seat;
  if (seat === undefined || !battle.winner) return null;
  return { stake: battle.cost, payout: battle.winner.shares.find((s) => s.seat === seat)?.value ?? 0 };
}
