// The player's balance as every answer and event carries it (server/plugins/balanceHeaders.ts,
// server/wallet/wallet.ts): coins, and the account's version, which grows by one with every change,
// so of two balances the one with the higher version is the later. The client shows a balance only
// when its version is newer than the shown one (src/stores/balance.ts).

/** Coins with two decimals, on every answer that changed or read the signed-in player's balance. */
export const BALANCE_HEADER = 'x-balance';
/** The account's version of that balance. */
export const BALANCE_VERSION_HEADER = 'x-balance-version';
