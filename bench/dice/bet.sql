-- One dice bet as the app runs it (server/games/dice/placeDiceBet.ts through the wallet and
-- seedPairs.nextRoll), statement for statement, for pgbench. Client n plays as user :lo + n, like
-- one player per HTTP connection in run.ts. The roll's win (about half the bets at 49.5 %) is a
-- coin flip here: the credit statements run only then, as in the app.
\set u :lo + :client_id
\set win random(0, 1)
BEGIN;
-- the bearer-token lookup of every authenticated request (a primary-key read)
SELECT user_id, expires_at, revoked_at FROM access_tokens WHERE user_id = :u LIMIT 1;
UPDATE accounts SET balance = balance + -100 WHERE user_id = :u AND balance >= 100 RETURNING id, balance;
INSERT INTO ledger_entries (transfer_id, account_id, amount, balance_after, reason, reference)
  SELECT gen_random_uuid(), a.id, -100, a.balance, 'dice_bet', NULL FROM accounts a WHERE a.user_id = :u
  UNION ALL SELECT gen_random_uuid(), :house, 100, NULL, 'dice_bet', NULL;
SELECT id, server_seed, server_seed_hash, client_seed, nonce FROM seed_pairs WHERE user_id = :u AND revealed_at IS NULL;
UPDATE seed_pairs SET nonce = nonce + 1 WHERE user_id = :u AND revealed_at IS NULL RETURNING id, server_seed, server_seed_hash, client_seed, nonce \gset pair_
INSERT INTO seed_pair_rolls (seed_pair_id, nonce) VALUES (:pair_id, :pair_nonce);
\if :win
UPDATE accounts SET balance = balance + 200 WHERE user_id = :u RETURNING id, balance;
INSERT INTO ledger_entries (transfer_id, account_id, amount, balance_after, reason, reference)
  SELECT gen_random_uuid(), a.id, 200, a.balance, 'dice_win', NULL FROM accounts a WHERE a.user_id = :u
  UNION ALL SELECT gen_random_uuid(), :house, -200, NULL, 'dice_win', NULL;
\endif
INSERT INTO game_bets (user_id, game, amount, payout, multiplier, seed_pair_id, nonce, params, outcome)
  VALUES (:u, 'dice', 100, 200 * :win, 2 * :win, :pair_id, :pair_nonce, json_build_object('target', 49.5, 'direction', 'under'), json_build_object('roll', 12.34, 'win', :win = 1));
UPDATE users SET wagered = wagered + 100 WHERE id = :u;
COMMIT;
