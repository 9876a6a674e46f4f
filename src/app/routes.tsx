import { lazy, type ComponentType } from 'react';
import { matchPath, type Params, type RouteObject } from 'react-router';
import { preloadableLazy, type PreloadableLazy } from './preloadableLazy.ts';
import { preloadAside } from './layout/Aside.tsx';
import { preloadDropsStrip } from './layout/DropsStrip.tsx';
import type { KillSwitchKey } from '../../core/protocol/killSwitches.ts';

// Every route of docs/product.md §2. Each page is a `lazy` import here,
// so each page (and Pixi and gsap with the game pages) loads only when visited.
// `handle.auth` marks routes that need a login; `handle.dark` the black game pages without aside.

export interface RouteHandle {
  auth?: boolean;
  dark?: boolean;
  title?: string;
  /** A page's own check of its params; false renders the 404 page (docs/product.md §2). */
  validate?: (params: Params) => boolean;
}

const ProvablyFairPage = lazy(() => import('../pages/fair/ProvablyFairPage.tsx'));
const DiceFairPage = lazy(() => import('../pages/fair/DiceFairPage.tsx'));
const PlinkoFairPage = lazy(() => import('../pages/fair/PlinkoFairPage.tsx'));
const CrashFairPage = lazy(() => import('../pages/fair/CrashFairPage.tsx'));
const WheelFairPage = lazy(() => import('../pages/fair/WheelFairPage.tsx'));
const InfoPage = lazy(() => import('../pages/info/InfoPage.tsx'));
const info = (slug: string, title: string) => ({ element: <InfoPage slug={slug} />, handle: { title } satisfies RouteHandle });

/** Box types of /{boxtype}/{boxname}. */
const BOX_TYPES = ['standard', 'unique', 'custom'];

// Wallet and deposits (src/pages/profile/DepositHistoryPage, src/pages/sandbox).
const DepositHistoryPage = lazy(() => import('../pages/profile/DepositHistoryPage.tsx'));
const SandboxCheckoutPage = lazy(() => import('../pages/sandbox/SandboxCheckoutPage.tsx'));
const SandboxKycPage = lazy(() => import('../pages/sandbox/SandboxKycPage.tsx'));

// Accounts pages (src/pages/auth, src/pages/profile).
const ResetPasswordPage = lazy(() => import('../pages/auth/ResetPasswordPage.tsx'));
const EmailVerifiedPage = lazy(() => import('../pages/auth/EmailVerifiedPage.tsx'));
const SocialCallbackPage = lazy(() => import('../pages/auth/SocialCallbackPage.tsx'));
const ProfileLayout = lazy(() => import('../pages/profile/ProfileLayout.tsx'));
const ProfileMainPage = lazy(() => import('../pages/profile/ProfileMainPage.tsx'));


const SceneLabPage = lazy(() => import('../pages/scene-lab/SceneLabPage.tsx'));
/**
 * A game page with its kill switch (docs/operator-console.md, "Kill switches"): the gate loads beside
 * the page's chunk, never in the shell, and shows the switch's message instead of the game while off.
 */
function gated<M extends { default: ComponentType<never> }>(key: KillSwitchKey, load: () => Promise<M>): () => Promise<M> {
  return () => Promise.all([load(), import('../features/killSwitches/SwitchedOff.tsx')]).then(([page, gate]) => ({ ...page, default: gate.gatedPage(key, page.default) }));
}
// Instant games (src/pages/dice, limbo, plinko, upgrade).
const DicePage = preloadableLazy(gated('dice', () => import('../pages/dice/DicePage.tsx')));
const LimboPage = preloadableLazy(gated('limbo', () => import('../pages/limbo/LimboPage.tsx')));
const LimboFairPage = lazy(() => import('../pages/limbo/LimboFairPage.tsx'));
const PlinkoPage = preloadableLazy(gated('plinko', () => import('../pages/plinko/PlinkoPage.tsx')));
const UpgradePage = preloadableLazy(gated('upgrade', () => import('../pages/upgrade/UpgradePage.tsx')));
// Mines, a stateful original (src/pages/mines, docs/mines.md).
const MinesPage = preloadableLazy(gated('mines', () => import('../pages/mines/MinesPage.tsx')));
const MinesFairPage = lazy(() => import('../pages/mines/MinesFairPage.tsx'));
// Round games (src/pages/crash).
const CrashPage = preloadableLazy(gated('crash', () => import('../pages/crash/CrashPage.tsx')));
const WheelPage = preloadableLazy(gated('wheel', () => import('../pages/wheel/WheelPage.tsx')));
const CashbackPage = lazy(() => import('../pages/cashback/CashbackPage.tsx'));
const LeaderboardPage = lazy(() => import('../pages/leaderboard/LeaderboardPage.tsx'));
const RacesPage = lazy(() => import('../pages/races/RacesPage.tsx'));
const MissionsPage = lazy(() => import('../pages/missions/MissionsPage.tsx'));
const TransparencyPage = preloadableLazy(() => import('../pages/transparency/TransparencyPage.tsx'));
const BonusTermsPage = lazy(() => import('../pages/bonusTerms/BonusTermsPage.tsx'));
const PlayerPage = lazy(() => import('../pages/players/PlayerPage.tsx'));
const BetPage = preloadableLazy(() => import('../pages/transparency/BetPage.tsx'));

// Box battles (docs/battles.md).
const BattlesPage = preloadableLazy(gated('battle', () => import('../pages/battles/BattlesPage.tsx')));
const CreateBattlePage = lazy(gated('battle', () => import('../pages/battles/CreateBattlePage.tsx')));
const BattlePage = lazy(() => import('../pages/battles/BattlePage.tsx'));

// Boxes and items (docs/boxes.md).
const BoxesHomePage = preloadableLazy(() => import('../pages/home/HomePage.tsx'));
const BoxesPage = preloadableLazy(() => import('../pages/boxes/BoxesPage.tsx'));
const BoxPage = preloadableLazy(gated('box', () => import('../pages/boxes/BoxPage.tsx')));
const FreeLootPage = lazy(() => import('../pages/freeloot/FreeLootPage.tsx'));
const CustomBoxesPage = lazy(() => import('../pages/custom-boxes/CustomBoxesPage.tsx'));
const CreateCustomBoxPage = lazy(() => import('../pages/custom-boxes/CreateCustomBoxPage.tsx'));
const InventoryPage = lazy(() => import('../pages/profile/InventoryPage.tsx'));
const DeliveryPage = lazy(() => import('../pages/profile/DeliveryPage.tsx'));
const ShippingPage = lazy(() => import('../pages/profile/ShippingPage.tsx'));
const WithdrawPage = lazy(() => import('../pages/profile/WithdrawPage.tsx'));
const MyBoxesPage = lazy(() => import('../pages/profile/MyBoxesPage.tsx'));
const HistoryPage = lazy(() => import('../pages/profile/HistoryPage.tsx'));
const SecurityPage = lazy(() => import('../pages/profile/SecurityPage.tsx'));

// Affiliates, tracking links and support (docs/community.md).
const RefLandingPage = lazy(() => import('../pages/referral/RefLandingPage.tsx'));
const ReferralPage = lazy(() => import('../pages/referral/ReferralPage.tsx'));
// Responsible gaming (src/pages/profile/LimitsPage).
const LimitsPage = lazy(() => import('../pages/profile/LimitsPage.tsx'));
// KYC tiers (src/pages/profile/VerificationPage, docs/kyc.md).
const VerificationPage = lazy(() => import('../pages/profile/VerificationPage.tsx'));
const VipPage = lazy(() => import('../pages/profile/VipPage.tsx'));
const NotificationsPage = lazy(() => import('../pages/profile/NotificationsPage.tsx'));
const SupportPage = lazy(() => import('../pages/support/SupportPage.tsx'));
// The operator console (docs/operator-console.md): one lazily loaded area; the server checks every call.
const AdminArea = lazy(() => import('../pages/admin/AdminArea.tsx'));
const CreateTicketPage = lazy(() => import('../pages/support/CreateTicketPage.tsx'));

export const pageRoutes: RouteObject[] = [
  { index: true, element: <BoxesHomePage />, handle: { title: 'Home' } },
  { path: 'boxes', element: <BoxesPage />, handle: { title: 'Boxes' } },
  { path: 'boxes/:slug', element: <BoxPage />, handle: { title: 'Box' } },
  { path: 'battles', element: <BattlesPage />, handle: { title: 'Battles' } },
  { path: 'battles/create', element: <CreateBattlePage />, handle: { title: 'Create battle', auth: true } },
  { path: 'battles/:id', element: <BattlePage />, handle: { title: 'Battle', validate: (params: Params) => /^[1-9]\d{0,15}$/.test(params.id ?? '') } },
  { path: 'upgrade', element: <UpgradePage />, handle: { title: 'Upgrade' } },
  { path: 'crash', element: <CrashPage />, handle: { title: 'Crash', dark: true } },
  { path: 'wheel', element: <WheelPage />, handle: { title: 'Crazy Wheel', dark: true } },
  { path: 'plinko', element: <PlinkoPage />, handle: { title: 'Plinko', dark: true } },
  { path: 'dice', element: <DicePage />, handle: { title: 'Dice' } },
  { path: 'limbo', element: <LimboPage />, handle: { title: 'Limbo' } },
  { path: 'mines', element: <MinesPage />, handle: { title: 'Mines' } },
  { path: 'mines/provably-fair', element: <MinesFairPage />, handle: { title: 'Mines: provably fair' } },
  { path: 'provably-fair', element: <ProvablyFairPage />, handle: { title: 'Provably fair' } },
  { path: 'crash/provably-fair', element: <CrashFairPage />, handle: { title: 'Crash: provably fair' } },
  { path: 'dice/provably-fair', element: <DiceFairPage />, handle: { title: 'Dice: provably fair' } },
  { path: 'limbo/provably-fair', element: <LimboFairPage />, handle: { title: 'Limbo: provably fair' } },
  { path: 'plinko/provably-fair', element: <PlinkoFairPage />, handle: { title: 'Plinko: provably fair' } },
  { path: 'wheel/provably-fair', element: <WheelFairPage />, handle: { title: 'Wheel: provably fair' } },
  { path: 'freeloot', element: <FreeLootPage />, handle: { title: 'Free loot', auth: true } },
  { path: 'custom-boxes', element: <CustomBoxesPage />, handle: { title: 'Custom boxes' } },
  { path: 'custom-boxes/all', element: <CustomBoxesPage all />, handle: { title: 'All custom boxes' } },
  { path: 'custom-boxes/create', element: <CreateCustomBoxPage />, handle: { title: 'Create a custom box', auth: true } },
  { path: 'cashback', element: <CashbackPage />, handle: { title: 'Cashback' } },
  { path: 'leaderboard', element: <LeaderboardPage />, handle: { title: 'Leaderboard' } },
  { path: 'races', element: <RacesPage />, handle: { title: 'Races' } },
  { path: 'missions', element: <MissionsPage />, handle: { title: 'Challenges and missions' } },
  { path: 'transparency', element: <TransparencyPage />, handle: { title: 'Transparency' } },
  { path: 'bets/:id', element: <BetPage />, handle: { title: 'Bet', validate: (params: Params) => /^[0-9a-f]{32}$/.test(params.id ?? '') } },
  { path: 'partnership', ...info('partnership', 'Partnership') },
  { path: 'contacts', ...info('contacts', 'Contacts') },
  { path: 'faq', ...info('faq', 'FAQ') },
  { path: 'how-it-works', ...info('how-it-works', 'How it works') },
  { path: 'terms-of-service', ...info('terms-of-service', 'Terms of service') },
  { path: 'bonus-terms', element: <BonusTermsPage />, handle: { title: 'Bonus terms' } },
  { path: 'players/:name', element: <PlayerPage />, handle: { title: 'Player' } },
  { path: 'privacy-statement', ...info('privacy-statement', 'Privacy statement') },
  { path: 'cookie-policy', ...info('cookie-policy', 'Cookie policy') },
  { path: 'aml-policy', ...info('aml-policy', 'Aml policy') },
  { path: 'ref/:link', element: <RefLandingPage />, handle: { title: 'Referral' } },
  { path: 'reset-password', element: <ResetPasswordPage />, handle: { title: 'Reset password' } },
  // EMAIL_VERIFIED_PATH of core/protocol/emailVerification.ts, written out (its module cost the first load bytes).
  { path: 'email-verified', element: <EmailVerifiedPage />, handle: { title: 'Email verified' } },
  { path: 'auth/:provider', element: <SocialCallbackPage />, handle: { title: 'Signing in' } },
  {
    path: 'profile',
    element: <ProfileLayout />,
    handle: { auth: true },
    children: [
      { index: true, element: <ProfileMainPage />, handle: { title: 'Profile' } },
      { path: 'main', element: <ProfileMainPage />, handle: { title: 'Profile' } },
      { path: 'delivery', element: <DeliveryPage />, handle: { title: 'Delivery' } },
      { path: 'deposit', element: <DepositHistoryPage />, handle: { title: 'Deposits' } },
      { path: 'history', element: <HistoryPage />, handle: { title: 'History' } },
      { path: 'inventory', element: <InventoryPage />, handle: { title: 'Inventory' } },
      { path: 'my-boxes', element: <MyBoxesPage />, handle: { title: 'My boxes' } },
      { path: 'shipping', element: <ShippingPage />, handle: { title: 'Shipping' } },
      { path: 'support', element: <SupportPage />, handle: { title: 'Support' } },
      { path: 'support/create', element: <CreateTicketPage />, handle: { title: 'New support ticket' } },
      { path: 'withdraw', element: <WithdrawPage />, handle: { title: 'Withdraw' } },
      { path: 'referral', element: <ReferralPage />, handle: { title: 'Affiliates' } },
      { path: 'vip', element: <VipPage />, handle: { title: 'VIP' } },
      { path: 'notifications', element: <NotificationsPage />, handle: { title: 'Notifications' } },
      { path: 'security', element: <SecurityPage />, handle: { title: 'Security' } },
      { path: 'limits', element: <LimitsPage />, handle: { title: 'Responsible gaming' } },
      { path: 'verification', element: <VerificationPage />, handle: { title: 'Verification' } },
    ],
  },
  // Every console page is routed inside AdminArea (its own chunk): none of them costs the shop's first load.
  { path: 'admin/*', element: <AdminArea />, handle: { title: 'Operator console', auth: true } },
  { path: 'sandbox/checkout/:invoiceId', element: <SandboxCheckoutPage />, handle: { title: 'Checkout', auth: true } },
  { path: 'sandbox/kyc/:applicantId', element: <SandboxKycPage />, handle: { title: 'Identity check', auth: true } },
  { path: 'scene-lab', element: <SceneLabPage />, handle: { title: 'Scene lab' } },
  // /{boxtype}/{boxname}: the box page under its type (standard, unique, custom). Kept last so
  // every fixed path above wins; the page's own check turns other first segments into a 404.
  { path: ':boxtype/:boxname', element: <BoxPage />, handle: { title: 'Box', validate: (params: Params) => BOX_TYPES.includes(params.boxtype ?? '') } },
];

/**
 * The pages the build prerenders (scripts/prerender.ts, PRERENDERED_PAGES in server/plugins/client.ts):
 * before React's first render replaces their markup, their code and the aside's are loaded, so that
 * render is the same page rather than the loading overlay and a spinner. Each such page is a
 * `preloadableLazy` in the table above (tests/src/prerenderedRoutes.test.ts); the page is found
 * there by its path, so no second list of paths is kept here.
 */
export function preloadPrerendered(pathname: string): Promise<void> {
  const page = pageAt(pathname) as { type?: Partial<PreloadableLazy<object>> } | undefined;
  return Promise.all([page?.type?.preload?.(), preloadAside(), preloadDropsStrip()]).then(() => undefined);
}

/** The element of the first top-level route whose path matches `pathname` ('/' for the index), if any. */
export function pageAt(pathname: string): RouteObject['element'] | undefined {
  return pageRoutes.find((route) => matchPath(`/${route.path ?? ''}`, pathname))?.element;
}
