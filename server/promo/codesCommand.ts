import type { Db } from '../db/database.ts';
import type { OpsServices } from '../services.ts';
import type { z } from 'zod';
import { OPS_ACTOR } from '../admin/audit.ts';
import { told } from '../ops/told.ts';
import { PromoCreateSchema, PromoUpdateSchema } from '../../core/protocol/adminCodes.ts';
import { findPromo } from './promoCodes.ts';
import { createPromo, giftCodeId, listGiftCodes, listPromoRedemptions, listPromos, updateGiftCode, updatePromo } from './codesConsole.ts';

// `npm run ops -- codes <list|create|update|disable|enable|redemptions>`: the console's codes verbs
// on the command line, through the same functions (codesConsole.ts) and the same body schemas, so
// a value the console refuses is refused here with the same words; audited as the ops command.
// Gift codes and vouchers are minted by `mint-gift-codes` / `mint-vouchers`.

type Values = Record<string, string | boolean | undefined>;
const out = (line: string) => process.stdout.write(`${line}\n`);

/** The schema's first message as the command's error. */
function parsed<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  const result = schema.safeParse(input);
  if (!result.success) throw new Error(result.error.issues.map((i) => `${i.path.join('.') || 'input'}: ${i.message}`).join('; '));
  return result.data;
}

const number = (v: string | boolean | undefined) => (typeof v === 'string' ? Number(v) : undefined);
/** `--max-uses none` lifts the cap, `--expires never` the expiry. */
const orNull = (v: string | boolean | undefined, none: string, read: (s: string) => unknown) => (v === undefined ? undefined : v === none ? null : read(String(v)));

async function promoId(db: Db, code: string | boolean | undefined): Promise<number> {
  const promo = typeof code === 'string' ? await findPromo(db, code) : undefined;
  if (!promo) throw new Error('--code must be an existing promo code');
  return promo.id;
}

export const codesCommand = {
  summary: 'codes: list [--gift] | create --code C --value N [--fixed] [--max-uses N] [--per-user N] [--expires ISO] [--free-boxes N] | update --code C [--max-uses N|none] [--per-user N] [--expires ISO|never] | disable|enable --code C (promo, gift or voucher) | redemptions --code C',
  options: {
    code: { type: 'string' as const },
    value: { type: 'string' as const },
    fixed: { type: 'boolean' as const },
    'max-uses': { type: 'string' as const },
    'per-user': { type: 'string' as const },
    expires: { type: 'string' as const },
    'free-boxes': { type: 'string' as const },
    gift: { type: 'boolean' as const },
  },
  positionals: true,
  async run({ db }: OpsServices, values: Values, positionals: string[] = []) {
    const action = positionals[0] ?? 'list';
    const page = { limit: 100, offset: 0 };
    if (action === 'list' && values.gift) {
      for (const g of (await listGiftCodes(db, {}, page)).rows) out([g.id, g.kind, g.code, g.value.toFixed(2), g.state, g.expires_at ?? 'no expiry', g.redeemed_by ? `redeemed by ${g.redeemed_by.email} at ${g.redeemed_at}` : ''].join('\t'));
      return;
    }
    if (action === 'list') {
      for (const p of (await listPromos(db, undefined, page)).rows) {
        out([p.id, p.code, p.is_fixed_value ? `${p.value.toFixed(2)} coins` : `${p.value}%`, p.state, `uses ${p.uses}/${p.max_uses ?? '∞'}`, `per player ${p.per_user_limit}`, p.expires_at ?? 'no expiry'].join('\t'));
      }
      return;
    }
    if (action === 'create') {
      const input = parsed(PromoCreateSchema, {
        code: values.code,
        value: number(values.value),
        is_fixed_value: values.fixed === true,
        free_boxes: number(values['free-boxes']),
        per_user_limit: number(values['per-user']),
        max_uses: number(values['max-uses']),
        expires_at: values.expires,
      });
      const p = await told(createPromo(db, OPS_ACTOR, input));
      out(`created promo code ${p.code} (id ${p.id})`);
      return;
    }
    if (action === 'update') {
      const change = parsed(PromoUpdateSchema, {
        per_user_limit: number(values['per-user']),
        max_uses: orNull(values['max-uses'], 'none', Number),
        expires_at: orNull(values.expires, 'never', String),
      });
      const p = await told(updatePromo(db, OPS_ACTOR, await promoId(db, values.code), change));
      out(`${p.code}: ${p.state}, uses ${p.uses}/${p.max_uses ?? '∞'}, per player ${p.per_user_limit}, ${p.expires_at ? `expires ${p.expires_at}` : 'no expiry'}`);
      return;
    }
    if (action === 'disable' || action === 'enable') {
      const disabled = action === 'disable';
      const code = typeof values.code === 'string' ? values.code : '';
      const gift = await giftCodeId(db, code);
      if (gift !== null) await told(updateGiftCode(db, OPS_ACTOR, gift, { disabled }));
      else await told(updatePromo(db, OPS_ACTOR, await promoId(db, code), { disabled }));
      out(`${code}: ${disabled ? 'disabled' : 'enabled'}`);
      return;
    }
    if (action === 'redemptions') {
      const { rows, total } = await listPromoRedemptions(db, await promoId(db, values.code), page);
      for (const r of rows) out([r.created_at, `${r.name} <${r.email}>`, `deposit ${r.deposit.toFixed(2)}`, `bonus ${r.bonus.toFixed(2)}`, `invoice ${r.invoice_id}`].join('\t'));
      out(`${total} redemption(s)`);
      return;
    }
    throw new Error('codes: list, create, update, disable, enable or redemptions');
  },
};
