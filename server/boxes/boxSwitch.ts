import type { KillSwitchKey } from '../../core/protocol/killSwitches.ts';

/**
 * The kill switch of box openings (docs/operator-console.md, "Kill switches"): the box game's, which
 * every way of opening a box declares (shop, free, bonus and player-made boxes, and their demos).
 */
export const BOX_SWITCH = 'box' satisfies KillSwitchKey;
