/** The three kinds of box (docs/boxes.md): the shop's, free loot, and player-made (custom). */
export const BOX_KINDS = ['box', 'free', 'user'] as const;
export type BoxKind = (typeof BOX_KINDS)[number];
