import type { SeedStep } from '../db/seedStep.ts';
import { ensurePromo } from './promoCodes.ts';
import { DAILY_BONUS_PROMOCODE } from '../../core/protocol/deposit.ts';

// Spec §9: the daily bonus code winter35 (35 % on any deposit plus one free box) and the 5 % code
// the promo text shows, both once per player without a global cap. The demo also gets one known
// gift code and one voucher, so a fresh install (and the end-to-end journey) can try redeeming;
// real codes come from `npm run ops -- mint-gift-codes`.
export const DEMO_GIFT_CODE = 'GIFT-DEMO-0010';
export const DEMO_VOUCHER = 'VCH-DEMO-0005';

export const promoSeed: SeedStep = {
  name: 'promo codes',
  async run({ db }) {
    // Wagering terms (docs/bonuses.md): the daily bonus asks 3× its bonus within 14 days, the 5 % code once.
    await ensurePromo(db, { code: DAILY_BONUS_PROMOCODE, value: 35, freeBoxes: 1, perUserLimit: 1, wageringMultiple: 3, bonusDays: 14 });
    await ensurePromo(db, { code: 'bonus5', value: 5, perUserLimit: 1, wageringMultiple: 1, bonusDays: 14 });
  },
};

export const demoCodesSeed: SeedStep = {
  name: 'demo gift code and voucher',
  demo: true,
  async run({ db }) {
    await db
      .insertInto('gift_codes')
      .values([
        { kind: 'gift', code: DEMO_GIFT_CODE, value: 10_00 },
        { kind: 'voucher', code: DEMO_VOUCHER, value: 5_00 },
      ])
      .onConflict((oc) => oc.column('code').doNothing())
      .execute();
  },
};
