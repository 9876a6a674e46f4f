import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { audit, type Actor } from '../admin/audit.ts';
import { validationError } from '../http/errors.ts';
import { rateMicros, rateOfMicros, RATED_CURRENCIES, type DisplayCurrency } from '../../core/money/displayCurrency.ts';
import type { DisplayRate } from '../../core/protocol/displayRates.ts';
import type { DisplayRatesTables } from './schema.ts';

// The display currencies' rates (docs/payments.md, "Display currencies"): what pages show beside
// coin amounts, never what anything is paid in. The console appends a row per change; the newest
// row of each currency is its rate.

const tables = (db: Db) => db.withTables<DisplayRatesTables>();

export interface RatedCurrency {
  currency: Exclude<DisplayCurrency, 'USD'>;
  micros: number | null;
  asOf: string | null;
  updatedAt: Date | null;
}

/** Every rated currency with its newest rate (null until an operator set one). */
export async function ratedCurrencies(db: Db): Promise<RatedCurrency[]> {
  const rows = await tables(db)
    .selectFrom('display_rates')
    .distinctOn('currency')
    .select(['currency', 'micros_per_coin', sql<string>`to_char(as_of, 'YYYY-MM-DD')`.as('as_of'), 'updated_at'])
    .orderBy('currency')
    .orderBy('id', 'desc')
    .execute();
  const newest = new Map(rows.map((r) => [r.currency, r]));
  return RATED_CURRENCIES.map((currency) => {
    const row = newest.get(currency);
    return { currency, micros: row ? Number(row.micros_per_coin) : null, asOf: row?.as_of ?? null, updatedAt: row ? new Date(row.updated_at) : null };
  });
}

/** What pages read: USD (one coin is one dollar) and every currency whose rate is set. */
export async function displayRates(db: Db): Promise<DisplayRate[]> {
  const rated = (await ratedCurrencies(db)).filter((r) => r.micros !== null);
  return [{ currency: 'USD', per_coin: 1, as_of: null }, ...rated.map((r) => ({ currency: r.currency, per_coin: rateOfMicros(r.micros!), as_of: r.asOf }))];
}

/** The console's view: every rated currency, its rate in units per coin, the day and when it was set. */
export const adminRateView = (r: RatedCurrency) => ({ currency: r.currency, per_coin: r.micros === null ? null : rateOfMicros(r.micros), as_of: r.asOf, updated_at: r.updatedAt?.toISOString() ?? null });

/**
 * Sets a currency's rate (a new row, with its audit row). The rate is exactly the number sent (the
 * contract refused any other); a day after today (UTC) is refused: a rate is taken, not planned.
 */
export async function setDisplayRate(db: Db, actor: Actor, currency: RatedCurrency['currency'], input: { per_coin: number; as_of: string }, today = new Date()): Promise<void> {
  const micros = rateMicros(input.per_coin);
  if (micros === null) throw validationError({ per_coin: ['The rate is not valid.'] });
  if (input.as_of > today.toISOString().slice(0, 10)) throw validationError({ as_of: ['The rate’s day must not be after today.'] });
  await db.transaction().execute(async (trx) => {
    const before = (await ratedCurrencies(trx)).find((r) => r.currency === currency)!;
    await tables(trx).insertInto('display_rates').values({ currency, micros_per_coin: micros, as_of: input.as_of, updated_by: actor.userId }).execute();
    await audit(trx, actor, {
      action: 'display_rates.update',
      targetKind: 'display_rates',
      targetId: currency,
      before: { per_coin: before.micros === null ? null : rateOfMicros(before.micros), as_of: before.asOf },
      after: { per_coin: input.per_coin, as_of: input.as_of },
    });
  });
}
