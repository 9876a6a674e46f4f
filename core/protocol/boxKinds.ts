/** The three kinds of box (docs/boxes.md): the shop's, free loot, and player-made (custom). */
export const BOX_KINDS = ['box', 'free', 'user'] as const;
export type BoxKind = (typeof BOX_KINDS)[number];

/** The shop's own boxes: the kind of box most lists and the battles draw from. */
export const SHOP_BOX_KIND = 'box' satisfies BoxKind;
