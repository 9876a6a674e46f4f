// Whether the daily bonus is offered at all (docs/client-shell.md): at most once a day on this
// device, not when a scene runs (it would cover the result), and never once the player has used its
// code (the server's promo check says so). When it may open is promoModalGate.ts's to say.

export const BONUS_SHOWN_KEY = 'bonus.shownOn';

/** The local calendar day, YYYY-MM-DD (the offer runs to the end of the local day). */
export function localDay(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export interface BonusOfferState {
  /** The day the modal last opened on this device (localStorage), or null. */
  shownOn: string | null;
  today: string;
  scenesRunning: number;
}

export function mayOfferDailyBonus(state: BonusOfferState): boolean {
  return state.shownOn !== state.today && state.scenesRunning === 0;
}
