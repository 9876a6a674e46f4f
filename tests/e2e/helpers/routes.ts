// The pages the page-by-page sweep visits (tests/e2e/visual.spec.ts: picture, layout shift, axe,
// sideways scrolling): every route of the shell, a real box, the fairness pages and a not-found
// path; the signed-in ones need a player.
export const PUBLIC_ROUTES = [
  '/', '/boxes', '/boxes/gift-card-grab', '/battles', '/upgrade', '/crash', '/wheel', '/plinko', '/dice',
  '/mines', '/limbo', '/provably-fair', '/dice/provably-fair', '/plinko/provably-fair', '/crash/provably-fair', '/wheel/provably-fair', '/mines/provably-fair',
  '/limbo/provably-fair', '/transparency',
  '/custom-boxes', '/custom-boxes/all', '/cashback', '/leaderboard', '/faq', '/contacts', '/how-it-works',
  '/terms-of-service', '/bonus-terms', '/partnership', '/scene-lab', '/no-such/page/here',
];
// '/players/Visual%20Tester': the sweep's own player's public page (visual.spec.ts's PLAYER).
export const SIGNED_IN_ROUTES = ['/players/Visual%20Tester', '/profile', '/profile/inventory', '/profile/delivery', '/profile/deposit', '/profile/withdraw', '/profile/shipping', '/profile/history', '/profile/limits', '/profile/security', '/profile/vip', '/profile/notifications', '/battles/create', '/custom-boxes/create', '/freeloot'];
