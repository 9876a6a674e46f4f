-- One box opening (quantity 1) as the app runs it (server/boxes/openBox.ts through the wallet and
-- seedPairs.nextRoll), statement for statement, for pgbench. Client n plays as user :lo + n, like
-- one player per HTTP connection in run.ts. The won item is fixed (:item); choosing it is
-- arithmetic on the ticket in the app, not SQL.
\set u :lo + :client_id
\set shard :u % 16
-- the bearer-token lookup of every authenticated request (a primary-key read)
SELECT user_id, expires_at, revoked_at FROM access_tokens WHERE user_id = :u LIMIT 1;
-- findBox: the box (its opening count summed from its shard rows) and the items with odds of the version its row names (before the transaction, as in the route)
SELECT id, slug, name, type, category, price, featured, free_level, creator_id, coalesce((SELECT sum(c.openings) FROM box_open_counts c WHERE c.box_id = boxes.id), 0)::bigint AS opened_count, created_at, version_id FROM boxes WHERE slug = 'gift-card-grab' AND free_level IS NULL AND type <> 'custom';
SELECT items.id, items.slug, items.name, items.brand, items.category, items.price, items.sale_price, items.rarity, v.odds_units FROM box_version_items v JOIN items ON items.id = v.item_id WHERE v.version_id = :version ORDER BY v.position;
BEGIN;
UPDATE accounts SET balance = balance - :price WHERE user_id = :u AND balance >= :price RETURNING id, balance;
-- the two ledger rows of the wallet debit (player and house)
INSERT INTO ledger_entries (transfer_id, account_id, amount, balance_after, reason, reference)
  VALUES (gen_random_uuid(), (SELECT id FROM accounts WHERE user_id = :u), :negprice, (SELECT balance FROM accounts WHERE user_id = :u), 'box_open', 'box:' || 'gift-card-grab');
INSERT INTO ledger_entries (transfer_id, account_id, amount, balance_after, reason, reference)
  VALUES (gen_random_uuid(), :house, :price, NULL, 'box_open', 'box:' || 'gift-card-grab');
SELECT id, server_seed, server_seed_hash, client_seed, nonce FROM seed_pairs WHERE user_id = :u AND revealed_at IS NULL;
UPDATE seed_pairs SET nonce = nonce + 1 WHERE user_id = :u AND revealed_at IS NULL RETURNING id, server_seed, server_seed_hash, client_seed, nonce \gset pair_
INSERT INTO seed_pair_rolls (seed_pair_id, nonce) VALUES (:pair_id, :pair_nonce);
INSERT INTO inventory_items (user_id, item_id, box_id, box_version_id, seed_pair_id, nonce, ticket, opening_price) VALUES (:u, :item, :box, :version, :pair_id, :pair_nonce, 4242, :price) RETURNING id;
INSERT INTO drops (user_id, user_name, box_slug, box_kind, box_name, box_img_url, item_name, item_rarity, item_img_url, item_price, item_sale_price)
  VALUES (:u, (SELECT name FROM users WHERE id = :u), 'gift-card-grab', 'box', 'Gift Card Grab', '/api/art/boxes/gift-card-grab.svg', 'Steam Gift Card 5', 'common', '/api/art/items/1.svg', 500, 450) RETURNING id;
-- the box's opening count, in the row of the player's shard (server/boxes/openCounts.ts)
INSERT INTO box_open_counts (box_id, shard, openings) VALUES (:box, :shard, 1)
  ON CONFLICT (box_id, shard) DO UPDATE SET openings = box_open_counts.openings + excluded.openings;
UPDATE users SET wagered = wagered + :price WHERE id = :u;
SELECT balance FROM accounts WHERE user_id = :u;
COMMIT;
