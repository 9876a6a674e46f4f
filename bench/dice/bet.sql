-- One dice bet as the app runs it (POST /api/dice/bet: the token lookup in server/plugins/auth.ts,
-- then one wallet transaction from server/games/playInstantBet.ts), statement for statement, for
-- pgbench. Keep it in step with server/wallet/wallet.ts move, server/fair/seedPairs.ts nextRoll and
-- server/games/bets.ts recordBet. Client n plays as user :lo + n, like one player per HTTP
-- connection in run.ts. The roll's win (about half the bets at 49.5 %) is a coin flip here: the
-- credit statement runs only then, as in the app. Differences that cost the same: the token is read
-- by its user's index (pgbench cannot hash a per-client token) where the app reads the primary key
-- by the token's SHA-256, and the transfer id comes from gen_random_uuid() (one per
-- transfer, both rows) instead of a parameter.
\set u :lo + :client_id
\set win random(0, 1)
-- the bearer-token lookup of every authenticated request, before the transaction
SELECT user_id, expires_at, revoked_at FROM access_tokens WHERE user_id = :u LIMIT 1;
BEGIN;
-- wallet debit: conditional update + both ledger rows in one statement
WITH moved AS (
  UPDATE accounts SET balance = balance + (-100)::bigint WHERE user_id = (:u)::bigint AND balance >= 100 RETURNING id, balance, gen_random_uuid() AS transfer
), entries AS (
  INSERT INTO ledger_entries (transfer_id, account_id, amount, balance_after, reason, reference)
  SELECT transfer, id, (-100)::bigint, balance, 'dice_bet'::text, NULL::text FROM moved
  UNION ALL
  SELECT transfer, (:house)::bigint, (100)::bigint, NULL, 'dice_bet'::text, NULL::text FROM moved
)
SELECT balance FROM moved;
-- next nonce of the active seed pair + its roll row
WITH pair AS (
  UPDATE seed_pairs SET nonce = nonce + 1 WHERE user_id = (:u)::bigint AND revealed_at IS NULL
  RETURNING id, server_seed, server_seed_hash, client_seed, nonce
), roll AS (
  INSERT INTO seed_pair_rolls (seed_pair_id, nonce) SELECT id, nonce FROM pair
)
SELECT id, server_seed, server_seed_hash, client_seed, nonce FROM pair \gset pair_
\if :win
-- wallet credit of the payout
WITH moved AS (
  UPDATE accounts SET balance = balance + (200)::bigint WHERE user_id = (:u)::bigint RETURNING id, balance, gen_random_uuid() AS transfer
), entries AS (
  INSERT INTO ledger_entries (transfer_id, account_id, amount, balance_after, reason, reference)
  SELECT transfer, id, (200)::bigint, balance, 'dice_win'::text, NULL::text FROM moved
  UNION ALL
  SELECT transfer, (:house)::bigint, (-200)::bigint, NULL, 'dice_win'::text, NULL::text FROM moved
)
SELECT balance FROM moved;
\endif
-- bet row + XP
WITH bet AS (
  INSERT INTO game_bets (user_id, game, amount, payout, multiplier, seed_pair_id, nonce, params, outcome)
  VALUES (:u, 'dice', 100, 200 * :win, 2 * :win, :pair_id, :pair_nonce, json_build_object('target', 49.5, 'direction', 'under'), json_build_object('roll', 12.34, 'win', :win = 1))
  RETURNING id
), xp AS (
  UPDATE users SET wagered = wagered + (100)::bigint WHERE id = (:u)::bigint
)
SELECT id FROM bet;
COMMIT;
