import type { Generated } from 'kysely';

// Tables of the realtime area (migration 0400_drops).
export type BoxKind = 'box' | 'free' | 'user';

export interface RealtimeTables {
  drops: {
    id: Generated<number>;
    user_id: number;
    box_slug: string;
    box_kind: BoxKind;
    box_img_url: string;
    item_name: string;
    item_rarity: string;
    item_img_url: string;
    /** Cents. */
    item_price: number;
    /** Cents. */
    item_sale_price: number;
    created_at: Generated<Date>;
  };
}
