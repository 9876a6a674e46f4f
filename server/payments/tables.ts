import type { ColumnType, Generated } from 'kysely';

// Kysely types of the deposit tables (migration 0300_deposits). Amounts are integer cents.
type Id = Generated<number>;

export type InvoiceStatus = 'new' | 'paid' | 'rejected' | 'reversed';
export type GatewayName = 'zen' | 'skinsback' | 'alphapo';

export interface DepositTables {
  promo_codes: {
    id: Id;
    code: string;
    value: number;
    is_fixed_value: boolean;
    free_boxes: Generated<number>;
    per_user_limit: Generated<number>;
    max_uses: number | null;
    uses: Generated<number>;
    expires_at: Date | null;
    /** Migration 1020: a disabled code is refused like an expired one. */
    disabled_at: Generated<Date | null>;
    created_at: Generated<Date>;
    /** Migration 1200 (docs/bonuses.md): the wager a bonus asks, as a multiple of `wagering_base`. */
    wagering_multiple: Generated<number>;
    wagering_base: Generated<'bonus' | 'bonus_deposit'>;
    /** Days a bonus from this code lives before its locked rest is forfeited. */
    bonus_days: Generated<number>;
    /** Cents: the largest stake while the bonus is active (null: the game's own maximum). */
    max_bet: Generated<number | null>;
    /** Migration 1220: percent per game id its bonuses count stakes at, over the catalog's (null: the catalog's). */
    game_weights: ColumnType<Record<string, number> | null, string | null | undefined, string | null>;
    /** Migration 1201: cents its bonuses may add up to (null: none), the most one bonus may be, what they added up to. */
    budget: Generated<number | null>;
    bonus_cap: Generated<number | null>;
    granted: Generated<number>;
  };
  invoices: {
    id: Id;
    user_id: number;
    gateway: GatewayName;
    provider: string;
    amount: number;
    bonus: Generated<number>;
    currency: Generated<string>;
    promo_code_id: number | null;
    status: Generated<InvoiceStatus>;
    provider_tx_id: string | null;
    created_at: Generated<Date>;
    updated_at: Generated<Date>;
  };
  payment_callbacks: {
    id: Id;
    provider: string;
    provider_tx_id: string;
    invoice_id: number | null;
    outcome: string;
    payload: string;
    created_at: Generated<Date>;
  };
  crypto_addresses: {
    id: Id;
    user_id: number;
    currency: string;
    address: string;
    provider: string;
    /** A promo code applied in the crypto form, redeemed by the next credited transfer. */
    promo_code_id: Generated<number | null>;
    created_at: Generated<Date>;
  };
  promo_redemptions: {
    id: Id;
    promo_code_id: number;
    user_id: number;
    invoice_id: number;
    bonus: number;
    created_at: Generated<Date>;
  };
  gift_codes: {
    id: Id;
    kind: 'gift' | 'voucher';
    code: string;
    value: number;
    redeemed_by: number | null;
    redeemed_at: Date | null;
    /** Migration 1020: refused ('… is invalid') once expired or disabled. */
    expires_at: Generated<Date | null>;
    disabled_at: Generated<Date | null>;
    created_at: Generated<Date>;
  };
  entitlements: {
    id: Id;
    user_id: number;
    kind: string;
    source: string;
    reference: string | null;
    consumed_at: Date | null;
    consumed_reference: string | null;
    created_at: Generated<Date>;
  };
}
