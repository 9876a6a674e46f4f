// Box battles: modes, seat cost, the winner and the split of the prize (docs/battles.md).
// Pure rules, shared by the server (which decides), the pages (which show) and the tests.

export const BATTLE_MODES = ['1v1', '1v1v1', '1v1v1v1', '2v2', '3v3'] as const;
export type BattleMode = (typeof BATTLE_MODES)[number];

export const BATTLE_MIN_ROUNDS = 1;
export const BATTLE_MAX_ROUNDS = 50;

export interface BattleLayout {
  seats: number;
  teams: number;
  /** Seats per team (1 in the free-for-all modes). */
  teamSize: number;
}

export function battleLayout(mode: BattleMode): BattleLayout {
  switch (mode) {
    case '1v1':
      return { seats: 2, teams: 2, teamSize: 1 };
    case '1v1v1':
      return { seats: 3, teams: 3, teamSize: 1 };
    case '1v1v1v1':
      return { seats: 4, teams: 4, teamSize: 1 };
    case '2v2':
      return { seats: 4, teams: 2, teamSize: 2 };
    case '3v3':
      return { seats: 6, teams: 2, teamSize: 3 };
  }
}

export const isTeamMode = (mode: BattleMode): boolean => battleLayout(mode).teamSize > 1;

/** Seats are numbered team by team: team t holds seats t·teamSize … (t+1)·teamSize − 1. */
export function seatTeam(mode: BattleMode, seat: number): number {
  return Math.floor(seat / battleLayout(mode).teamSize);
}

export function teamSeats(mode: BattleMode, team: number): number[] {
  const { teamSize } = battleLayout(mode);
  return Array.from({ length: teamSize }, (_, i) => team * teamSize + i);
}

/** Every team's seats, team by team. */
export function battleTeams(mode: BattleMode): number[][] {
  return Array.from({ length: battleLayout(mode).teams }, (_, t) => teamSeats(mode, t));
}

/** A seat costs the sum of the prices (cents) of the battle's boxes, one per round. */
export function seatCost(roundPrices: readonly number[]): number {
  return roundPrices.reduce((sum, price) => sum + price, 0);
}

/** Each seat's running total (cents) after the given rounds of item values, rounds × seats. */
export function seatTotals(roundValues: readonly (readonly number[])[], seats: number): number[] {
  const totals = new Array<number>(seats).fill(0);
  for (const round of roundValues) round.forEach((value, seat) => (totals[seat]! += value));
  return totals;
}

export interface BattleOutcome {
  /** Each team's total (cents); in the free-for-all modes a team is one seat. */
  teamTotals: number[];
  winnerTeam: number;
  /** Teams that tied for the win, in team order (more than one means the tie-break decided). */
  tied: number[];
}

/**
 * The winner: the team (a seat in the free-for-all modes) with the highest total, the lowest in
 * crazy mode. Tied teams go to `tieBreak` (battleTieBreak of core/fair, over the team indices).
 */
export function battleOutcome(mode: BattleMode, crazy: boolean, totals: readonly number[], tieBreak: (tied: number[]) => number): BattleOutcome {
  const { teams, seats } = battleLayout(mode);
  if (totals.length !== seats) throw new RangeError(`a ${mode} battle has ${seats} seats`);
  // Plain loops: the return test in tests/core plays 10⁷ of these.
  const teamSize = seats / teams;
  const teamTotals = new Array<number>(teams).fill(0);
  for (let s = 0; s < seats; s++) teamTotals[Math.floor(s / teamSize)]! += totals[s]!;
  const tied = leadingTeams(teamTotals, crazy);
  const winnerTeam = tied.length === 1 ? tied[0]! : tieBreak(tied);
  if (!tied.includes(winnerTeam)) throw new Error('the tie-break chose a team that did not tie');
  return { teamTotals, winnerTeam, tied };
}

/** The teams with the best total (the lowest in crazy mode), in team order: more than one is a tie for the tie-break. */
export function leadingTeams(teamTotals: readonly number[], crazy: boolean): number[] {
  let best = teamTotals[0]!;
  for (const total of teamTotals) if (crazy ? total < best : total > best) best = total;
  const tied: number[] = [];
  for (let t = 0; t < teamTotals.length; t++) if (teamTotals[t] === best) tied.push(t);
  return tied;
}

export interface PrizeItem {
  /** Cents. */
  value: number;
  round: number;
  seat: number;
}

/**
 * The split of a team's prize among its members (published rule): every item of the battle, most
 * valuable first (ties: earlier round, then lower seat), goes to the member holding the least value
 * so far; members holding the same go by `order`, the team's seats in the battle's own shuffled
 * split order (battleSplitOrder of core/fair). Returns, per item in the given order, the seat that
 * receives it. A lone winner receives everything.
 *
 * Why the order is shuffled: the greedy split hands the battle's most valuable item to whoever
 * comes first. With a fixed order (the lowest seat, always the creator's) a player teamed with the
 * house's bots took the best item the bots rolled whenever the team won, 114–230 % of the seat's
 * cost in 3v3. Shuffled by the seeds, every member is first equally often, so each seat's expected
 * share is its fair 1/teamSize of the team's prize and no seat returns more than the boxes' RTP
 * (tests/core/games/battleReturns.test.ts).
 */
export function splitPrize(items: readonly PrizeItem[], order: readonly number[]): number[] {
  if (order.length === 0) throw new Error('a winning team has members');
  const sorted = items.map((_, i) => i).sort((a, b) => items[b]!.value - items[a]!.value || items[a]!.round - items[b]!.round || items[a]!.seat - items[b]!.seat);
  const held = new Array<number>(order.length).fill(0);
  const receiver = new Array<number>(items.length);
  for (const i of sorted) {
    let to = 0;
    for (let m = 1; m < order.length; m++) if (held[m]! < held[to]!) to = m;
    receiver[i] = order[to]!;
    held[to]! += items[i]!.value;
  }
  return receiver;
}

/** Pacing of a running battle (ms): round r (1-based) starts at start + (r − 1)·roundMs. */
export interface BattlePacing {
  /** Epoch ms of round 1's start. */
  firstRoundAt: number;
  roundMs: number;
  /** The reel spins this long into its round; then the round ends and its values count. */
  spinMs: number;
}

export function roundStartsAt(p: BattlePacing, round: number): number {
  return p.firstRoundAt + (round - 1) * p.roundMs;
}

export function roundEndsAt(p: BattlePacing, round: number): number {
  return roundStartsAt(p, round) + p.spinMs;
}

/**
 * A running battle's timeline as a list of steps: for each round its start, then its end; the
 * server announces step k when its time has come, exactly once (docs/battles.md).
 */
export function battleStepAt(p: BattlePacing, step: number): { round: number; kind: 'started' | 'ended'; at: number } {
  const round = Math.floor(step / 2) + 1;
  const kind = step % 2 === 0 ? 'started' : 'ended';
  return { round, kind, at: kind === 'started' ? roundStartsAt(p, round) : roundEndsAt(p, round) };
}
