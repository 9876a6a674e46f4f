import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { Wallet } from '../wallet/wallet.ts';
import { msgError } from '../http/errors.ts';
import { formatCents } from '../../core/money/cents.ts';

// Gift codes (sold as gift cards) and vouchers (handed out by the operator): each is worth a fixed
// amount and can be redeemed once, until it expires or an operator disables it. Redeeming is one conditional update (`redeemed_by is null`)
// plus the credit in the same wallet transaction, so of any number of simultaneous attempts
// exactly one wins and the others see 'already used'.

export type CodeKind = 'gift' | 'voucher';

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'; // no 0/O, 1/I: codes get typed by hand

export function newCode(prefix: string): string {
  const bytes = randomBytes(12);
  let out = '';
  for (const b of bytes) out += ALPHABET[b % ALPHABET.length];
  return `${prefix}-${out.slice(0, 4)}-${out.slice(4, 8)}-${out.slice(8, 12)}`;
}

export async function mintCodes(db: Db, kind: CodeKind, valueCents: number, count: number, expiresAt: Date | null = null): Promise<string[]> {
  if (!Number.isSafeInteger(valueCents) || valueCents <= 0) throw new Error('value must be a positive amount');
  if (!Number.isSafeInteger(count) || count <= 0 || count > 10_000) throw new Error('count must be between 1 and 10000');
  const codes = Array.from({ length: count }, () => newCode(kind === 'gift' ? 'GIFT' : 'VCH'));
  await db.insertInto('gift_codes').values(codes.map((code) => ({ kind, code, value: valueCents, expires_at: expiresAt }))).execute();
  return codes;
}

/** Each kind's texts, whole sentences so that each language words them (docs/i18n.md). */
const CODE_MSG = {
  gift: { used: 'Gift code has already been used', invalid: 'Gift code is invalid', redeemed: (coins: string) => `Gift code redeemed: ${coins} coins added to your balance` },
  voucher: { used: 'Voucher has already been used', invalid: 'Voucher is invalid', redeemed: (coins: string) => `Voucher redeemed: ${coins} coins added to your balance` },
} satisfies Record<CodeKind, unknown>;

/** Credits the code's value to the player once; returns the success text. */
export async function redeemCode(wallet: Wallet, kind: CodeKind, code: string, userId: number): Promise<string> {
  const normalized = code.trim().toUpperCase();
  return wallet.transaction(async (tx) => {
    const claimed = await tx.trx
      .updateTable('gift_codes')
      .set({ redeemed_by: userId, redeemed_at: new Date() })
      .where('code', '=', normalized)
      .where('kind', '=', kind)
      .where('redeemed_by', 'is', null)
      .where('disabled_at', 'is', null)
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', sql<Date>`now()`)]))
      .returning(['id', 'value'])
      .executeTakeFirst();
    if (!claimed) {
      // Used: 'already used'; unknown, disabled or expired (the console's states): 'invalid'.
      const used = await tx.trx.selectFrom('gift_codes').select('id').where('code', '=', normalized).where('kind', '=', kind).where('redeemed_by', 'is not', null).executeTakeFirst();
      throw msgError(422, used ? CODE_MSG[kind].used : CODE_MSG[kind].invalid);
    }
    await tx.credit({ userId, amount: claimed.value, reason: kind === 'gift' ? 'gift_code' : 'voucher', reference: `${kind}:${claimed.id}` });
    return CODE_MSG[kind].redeemed(formatCents(claimed.value));
  });
}
