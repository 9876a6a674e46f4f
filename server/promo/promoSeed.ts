import type { SeedStep } from '../db/seed.ts';
import { ensurePromo } from './promoCodes.ts';
import { DAILY_BONUS_PROMOCODE } from '../../core/protocol/deposit.ts';

// Spec §9: the daily bonus code winter35 (35 % on any deposit plus one free box) and the 5 % code
// the promo text shows. Both once per player, no global cap.
export const promoSeed: SeedStep = {
  name: 'promo codes',
  async run(app) {
    await ensurePromo(app.db, { code: DAILY_BONUS_PROMOCODE, value: 35, freeBoxes: 1, perUserLimit: 1 });
    await ensurePromo(app.db, { code: 'bonus5', value: 5, perUserLimit: 1 });
  },
};
