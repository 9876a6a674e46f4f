import { z } from 'zod';

// The console's review queue of digital code reveals (docs/operator-console.md, "Code reveals"):
// GET /api/admin/code-reviews lists what waits, oldest first; POST /api/admin/code-reviews/{id}/approve
// and …/reject decide one (answer `{message}`). Coins on the wire.

export const CodeReviewSchema = z.object({
  id: z.number(),
  inventory_id: z.number(),
  player: z.object({ id: z.number(), name: z.string(), email: z.string() }),
  item: z.string(),
  /** The item's value when the reveal was asked, coins. */
  value: z.number(),
  account_age_days: z.number(),
  /** What the player brought in (deposits net of reversals, gift codes, vouchers), coins. */
  deposited: z.number(),
  requested_at: z.string(),
});
export type CodeReview = z.infer<typeof CodeReviewSchema>;
export const CodeReviewListSchema = z.array(CodeReviewSchema);
