import { markAccount } from '../risk/marks.ts';
import { sql } from 'kysely';
import type { Wallet, WalletTx } from '../wallet/wallet.ts';
import type { PaymentEvent } from './gateway.ts';
import { redeemPromo } from '../promo/promoCodes.ts';
import { endReversedGrant, grantBonus } from '../bonuses/grants.ts';
import { CRYPTO_MINIMUM_USD } from '../../core/protocol/deposit.ts';
import { centsToCoins } from '../../core/money/cents.ts';
import { DEPOSIT_CREDITED_EVENT, type DepositCreditedNotice } from '../../core/protocol/depositEvents.ts';
import { userChannel, type Bus } from '../realtime/bus.ts';

// The one pipeline every verified callback goes through (real providers and the sandbox alike).
// Everything happens in one wallet transaction:
// 1. claim (provider, provider_tx_id) in payment_callbacks (UNIQUE): a duplicate delivery, even a
//    simultaneous one, waits for the first to commit and then finds the claim taken;
// 2. lock the invoice row and move its status forward only: new → paid | rejected, paid → reversed;
//    a final status is never downgraded (a late 'rejected' after 'paid' is recorded and ignored);
// 3. credit the deposit plus its promo bonus (or take them back on reversal).

/** The response header of a callback that names its SettleOutcome (the sandbox checkout reads it). */
export const SETTLE_OUTCOME_HEADER = 'x-settle-outcome';

export type SettleOutcome = 'duplicate' | 'paid' | 'rejected' | 'reversed' | 'ignored' | 'unknown_invoice' | 'unknown_address' | 'amount_mismatch' | 'below_minimum';

async function claim(tx: WalletTx, provider: string, event: PaymentEvent, payload: string): Promise<number | null> {
  const row = await tx.trx
    .insertInto('payment_callbacks')
    .values({ provider, provider_tx_id: event.providerTxId, outcome: 'pending', payload: payload.slice(0, 20_000) })
    .onConflict((oc) => oc.columns(['provider', 'provider_tx_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

async function cryptoInvoice(tx: WalletTx, provider: string, event: PaymentEvent): Promise<{ id: number } | 'unknown_address' | 'below_minimum'> {
  const address = await tx.trx.selectFrom('crypto_addresses').select(['id', 'user_id', 'currency', 'promo_code_id']).where('address', '=', event.address!).forUpdate().executeTakeFirst();
  if (!address) return 'unknown_address';
  const cents = event.amountCents ?? 0;
  const tooSmall = cents < CRYPTO_MINIMUM_USD * 100;
  // The invoice records the transfer either way; below the minimum it is rejected (docs/product.md §9: funds
  // sent below the minimum are lost without refund).
  const invoice = await tx.trx
    .insertInto('invoices')
    .values({
      user_id: address.user_id,
      gateway: 'alphapo',
      provider,
      amount: Math.max(cents, 1),
      currency: address.currency,
      status: tooSmall ? 'rejected' : 'new',
      provider_tx_id: event.providerTxId,
      promo_code_id: tooSmall ? null : address.promo_code_id,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  // The attached promo code goes with this transfer only.
  if (!tooSmall && address.promo_code_id !== null) await tx.trx.updateTable('crypto_addresses').set({ promo_code_id: null }).where('id', '=', address.id).execute();
  return tooSmall ? 'below_minimum' : invoice;
}

/**
 * `bus`: where a credited deposit is announced to its player (`depositCredited` on their private
 * channel), after the commit, so an open cashier can say the transfer arrived (docs/payments.md).
 */
export async function settlePayment(wallet: Wallet, provider: string, event: PaymentEvent, payload: string, options: { bus?: Bus; appSecret?: string } = {}): Promise<SettleOutcome> {
  const { bus, appSecret } = options;
  const settled = await wallet.transaction(async (tx) => {
    const callbackId = await claim(tx, provider, event, payload);
    if (callbackId === null) return { outcome: 'duplicate' as const, invoiceId: null };
    const outcome = await apply(tx, provider, event, appSecret);
    await tx.trx
      .updateTable('payment_callbacks')
      .set({ outcome: outcome.outcome, invoice_id: outcome.invoiceId })
      .where('id', '=', callbackId)
      .execute();
    return outcome;
  });
  if (bus && settled.credited) bus.publish({ channel: userChannel(settled.credited.userId), event: DEPOSIT_CREDITED_EVENT, data: settled.credited.notice });
  return settled.outcome;
}

interface Applied {
  outcome: SettleOutcome;
  invoiceId: number | null;
  /** A deposit credited by this callback: whose, and the notice that says so. */
  credited?: { userId: number; notice: DepositCreditedNotice };
}

async function apply(tx: WalletTx, provider: string, event: PaymentEvent, appSecret: string | undefined): Promise<Applied> {
  let invoiceId = event.invoiceId ?? null;
  if (event.address !== undefined) {
    const created = await cryptoInvoice(tx, provider, event);
    if (typeof created === 'string') return { outcome: created, invoiceId: null };
    invoiceId = created.id;
  }
  if (invoiceId === null) return { outcome: 'unknown_invoice', invoiceId: null };
  const invoice = await tx.trx
    .selectFrom('invoices')
    .select(['id', 'user_id', 'amount', 'bonus', 'status', 'promo_code_id', 'gateway', 'currency'])
    .where('id', '=', invoiceId)
    .where('provider', '=', provider)
    .forUpdate()
    .executeTakeFirst();
  if (!invoice) return { outcome: 'unknown_invoice', invoiceId: null };

  if (event.status === 'paid' && invoice.status === 'new') {
    let amount = invoice.amount;
    if (event.amountCents !== undefined && event.amountCents !== amount) {
      if (!event.amountIsFinal || event.amountCents <= 0) return { outcome: 'amount_mismatch', invoiceId };
      amount = event.amountCents;
    }
    const reference = `invoice:${invoice.id}`;
    await tx.credit({ userId: invoice.user_id, amount, reason: 'deposit', reference });
    // What paid links the accounts it paid for (docs/risk.md): marked before the promo code is
    // redeemed, so its one-use-per-cluster rule already sees a card shared with another account.
    if (event.payer && appSecret) await markAccount(tx.trx, appSecret, invoice.user_id, [{ kind: event.payer.kind, raw: event.payer.id }]);
    let bonus = 0;
    if (invoice.promo_code_id !== null) {
      const redeemed = await redeemPromo(tx.trx, invoice.promo_code_id, invoice.user_id, invoice.id, amount);
      if (redeemed && redeemed.bonus > 0) {
        bonus = redeemed.bonus;
        await grantBonus(tx, { userId: invoice.user_id, amount: bonus, deposit: amount, source: 'promo', reference, promoCodeId: invoice.promo_code_id, terms: redeemed.terms });
      }
    }
    await tx.trx
      .updateTable('invoices')
      .set({ status: 'paid', amount, bonus, provider_tx_id: event.providerTxId, updated_at: sql<Date>`now()` })
      .where('id', '=', invoice.id)
      .execute();
    const notice: DepositCreditedNotice = { invoice_id: invoice.id, gateway: invoice.gateway, currency: invoice.currency, amount: centsToCoins(amount), bonus: centsToCoins(bonus) };
    return { outcome: 'paid', invoiceId, credited: { userId: invoice.user_id, notice } };
  }
  if (event.status === 'rejected' && invoice.status === 'new') {
    await tx.trx.updateTable('invoices').set({ status: 'rejected', updated_at: sql<Date>`now()` }).where('id', '=', invoice.id).execute();
    return { outcome: 'rejected', invoiceId };
  }
  if (event.status === 'reversed' && invoice.status === 'paid') {
    // Take back the deposit and its bonus; a player who already spent it is left at zero (the
    // shortfall is in the ledger as the difference and is the operator's to pursue).
    const owed = invoice.amount + invoice.bonus;
    const take = Math.min(owed, await tx.lockedBalance(invoice.user_id));
    if (take > 0) await tx.debit({ userId: invoice.user_id, amount: take, reason: 'deposit_reversal', reference: `invoice:${invoice.id}` });
    await tx.trx.updateTable('invoices').set({ status: 'reversed', updated_at: sql<Date>`now()` }).where('id', '=', invoice.id).execute();
    // Its bonus went back with the deposit: the grant ends, with nothing more to forfeit.
    await endReversedGrant(tx.trx, `invoice:${invoice.id}`);
    return { outcome: 'reversed', invoiceId };
  }
  return { outcome: 'ignored', invoiceId };
}
