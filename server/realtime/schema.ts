import type { ColumnType, Generated } from 'kysely';
import type { BoxKind } from '../../core/protocol/boxKinds.ts';
import type { DropGame } from '../../core/protocol/realtimeSchemas.ts';

// Tables of the realtime area (migrations 0400_drops, 0540_drop_names: after the boxes, whose names it copies).
export type { BoxKind };

export interface RealtimeTables {
  drops: {
    id: Generated<number>;
    /** Migration 1700: the game that won it ('box' by default). */
    game: ColumnType<DropGame, DropGame | undefined, DropGame>;
    user_id: number;
    /** The player's name at the drop. */
    user_name: string;
    box_slug: string;
    /** The box's name at the drop. */
    box_name: string;
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
