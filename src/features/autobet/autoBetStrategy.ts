// The auto-bet rules (docs/games.md), pure so they can be tested without a server: after each
// settled bet the next stake is reset to the base amount or raised by x % (on a win and on a loss
// separately), and the run stops after N bets, when the session profit reaches the stop-on-profit
// value, or when the loss reaches the stop-on-loss value. Amounts are integer cents.

export type OnOutcome = { mode: 'reset' } | { mode: 'raise'; percent: number };

export interface AutoBetSettings {
  /** Cents. */
  baseAmount: number;
  /** Number of bets; 0 = until stopped. */
  bets: number;
  onWin: OnOutcome;
  onLoss: OnOutcome;
  /** Cents; 0 = off. Stop once profit ≥ this. */
  stopOnProfit: number;
  /** Cents; 0 = off. Stop once loss ≥ this. */
  stopOnLoss: number;
}

export interface AutoBetState {
  /** Bets settled so far. */
  placed: number;
  /** Cents: Σ payout − Σ stake. */
  profit: number;
  /** Cents: the next stake. */
  nextAmount: number;
}

export type StopReason = 'count' | 'profit' | 'loss' | null;

export function initialState(settings: AutoBetSettings): AutoBetState {
  return { placed: 0, profit: 0, nextAmount: settings.baseAmount };
}

function apply(rule: OnOutcome, current: number, base: number): number {
  if (rule.mode === 'reset') return base;
  // Raise by x %, rounded to whole cents, at least one cent so a raise always raises.
  return Math.max(current + 1, Math.round((current * (100 + rule.percent)) / 100));
}

/** The state after a settled bet of `amount` cents that paid `payout` cents. */
export function afterBet(settings: AutoBetSettings, state: AutoBetState, amount: number, payout: number): AutoBetState {
  const win = payout > amount;
  const rule = win ? settings.onWin : settings.onLoss;
  return { placed: state.placed + 1, profit: state.profit + payout - amount, nextAmount: apply(rule, amount, settings.baseAmount) };
}

/** Why the run stops now, or null to place the next bet. */
export function stopReason(settings: AutoBetSettings, state: AutoBetState): StopReason {
  if (settings.bets > 0 && state.placed >= settings.bets) return 'count';
  if (settings.stopOnProfit > 0 && state.profit >= settings.stopOnProfit) return 'profit';
  if (settings.stopOnLoss > 0 && -state.profit >= settings.stopOnLoss) return 'loss';
  return null;
}
