import type { ColumnType, Generated } from 'kysely';
import type { Id, Timestamp } from '../db/columns.ts';

// Tables of migration 0500 (boxes, items, inventory, withdrawals).

export type InventoryState = 'owned' | 'sold' | 'withdrawn' | 'consumed' | 'delivered' | 'in_review';
export type WithdrawalStatus = 'new' | 'in_processing' | 'shipped' | 'done' | 'canceled' | 'canceled_by_user';
export type WithdrawalType = 'delivery' | 'crypto';

export interface ShippingAddressFields {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  country: string;
  country_state: string;
  city: string;
  postal_code: string;
  street_address: string;
  street_address_2: string | null;
}

export interface BoxesTables {
  items: {
    id: Id;
    slug: string;
    name: string;
    brand: string;
    category: string;
    price: number;
    sale_price: number;
    rarity: 'common' | 'uncommon' | 'rare' | 'epic' | 'legendary';
    /** Migration 0510: the size list a delivery chooses from; null for one-size items. */
    size_kind: 'shoe' | 'clothing' | null;
    /** Migration 1010: the product drawing an operator picked; null: the one its category and name give. */
    art_kind: Generated<string | null>;
    /** Migration 2560: the content hash of the operator's product photo (server/boxes/itemPhotos.ts); null: the drawing. */
    photo: Generated<string | null>;
    created_at: Generated<Date>;
  };
  boxes: {
    id: Id;
    slug: string;
    name: string;
    type: 'standard' | 'unique' | 'custom';
    category: string;
    price: number;
    featured: Generated<boolean>;
    free_level: number | null;
    creator_id: number | null;
    /** Migration 1010: the current published version (box_versions); `price` is its price. */
    version_id: Generated<number | null>;
    created_at: Generated<Date>;
  };
  /** A box's openings per shard of players (migration 0570): the count is their sum (openCounts.ts). */
  box_open_counts: {
    box_id: number;
    shard: number;
    openings: number;
  };
  /** Migration 1010: a view of every box's current version (publish a version to change it). */
  box_items: {
    box_id: number;
    position: number;
    item_id: number;
    odds_units: number;
  };
  inventory_items: {
    id: Id;
    user_id: number;
    item_id: number;
    box_id: number | null;
    state: Generated<InventoryState>;
    seed_pair_id: number | null;
    nonce: number | null;
    ticket: number | null;
    withdrawal_id: number | null;
    /** Migration 0510: the size chosen for this item's delivery while it is 'withdrawn'. */
    delivery_size: Generated<string | null>;
    /** Migration 0520: the code a digital item was delivered as (set exactly while 'delivered'). */
    delivery_code: Generated<string | null>;
    /** Migration 0960: cents paid for the box opening that made this row (0 for free loot); null otherwise. */
    opening_price: Generated<number | null>;
    /** Migration 1010: the box version an opening (or a battle round) was played with; null for items not from a box. */
    box_version_id: Generated<number | null>;
    created_at: Generated<Date>;
    changed_at: Timestamp;
  };
  box_versions: {
    id: Id;
    box_id: number;
    number: number;
    /** Cents. */
    price: number;
    created_by: number | null;
    created_at: Generated<Date>;
  };
  box_version_items: {
    version_id: number;
    position: number;
    item_id: number;
    odds_units: number;
    /** Cents: the item's price when the version was published (its RTP's). */
    item_price: number;
  };
  free_box_claims: {
    user_id: number;
    box_id: number;
    claimed_at: Date;
  };
  shipping_addresses: ShippingAddressFields & { user_id: number; updated_at: Timestamp };
  withdrawals: {
    id: Id;
    user_id: number;
    type: WithdrawalType;
    status: Generated<WithdrawalStatus>;
    amount: number;
    currency: string | null;
    wallet_address: string | null;
    shipping_address: ColumnType<ShippingAddressFields | null, string | null, string | null>;
    /** Migration 1020: the parcel's tracking number, set when it is shipped. */
    tracking_number: Generated<string | null>;
    created_at: Generated<Date>;
    updated_at: Timestamp;
  };
  /** Migration 1021: the items of a delivery and their sizes, kept when a cancel gives them back. */
  withdrawal_items: {
    withdrawal_id: number;
    inventory_item_id: number;
    delivery_size: string | null;
  };
  /** Migration 1020: each status change of a withdrawal, the steps the player sees; mailed once (notified_at). */
  withdrawal_steps: {
    id: Id;
    withdrawal_id: number;
    status: WithdrawalStatus;
    tracking_number: string | null;
    actor_id: number | null;
    created_at: Generated<Date>;
    notified_at: Date | null;
  };
  /** Migration 0560: a digital code reveal waiting for (or decided by) the operator's review. */
  code_reviews: {
    id: Id;
    inventory_item_id: number;
    user_id: number;
    /** The item's value in cents when the reveal was asked. */
    value: number;
    requested_at: Timestamp;
    status: ColumnType<'pending' | 'approved' | 'rejected', 'pending' | 'approved' | 'rejected' | undefined, 'approved' | 'rejected'>;
    decided_by: number | null;
    decided_at: Timestamp | null;
    /** When the player was mailed the decision (claimed once, server/db/claimUnnotified.ts). */
    notified_at: Generated<Date | null>;
  };
}
