import type messages from './i18n/en-US.json';
import type { GameId } from '../../../core/games/catalog.ts';
import { ArrowUpNarrowWide, Bomb, Dices, Disc3, Gift, Package, Rocket, Swords, Triangle, TrendingUp, type LucideIcon } from 'lucide-react';

// Header navigation and footer links of docs/product.md §2, in the spec's order.
export interface NavLink {
  to: string;
  /** A key of the layout's catalog (./i18n/en-US.json). */
  label: keyof typeof messages;
  icon: LucideIcon;
  /** Marked "New" in navigation (dice). */
  isNew?: boolean;
  /** Hidden in the phone header (still in the sidebar). */
  hideOnMobile?: boolean;
  /** Needs a login: a guest's click opens the login modal instead. */
  auth?: boolean;
}

export const NAV_LINKS: readonly NavLink[] = [
  { to: '/boxes', label: 'boxes', icon: Package },
  { to: '/battles', label: 'battles', icon: Swords },
  { to: '/upgrade', label: 'upgrade', icon: TrendingUp, hideOnMobile: true },
  { to: '/crash', label: 'crash', icon: Rocket, hideOnMobile: true },
  { to: '/wheel', label: 'wheel', icon: Disc3, hideOnMobile: true },
  { to: '/plinko', label: 'plinko', icon: Triangle, hideOnMobile: true },
  { to: '/dice', label: 'dice', icon: Dices, isNew: true, hideOnMobile: true },
  { to: '/limbo', label: 'limbo', icon: ArrowUpNarrowWide, hideOnMobile: true },
  { to: '/mines', label: 'mines', icon: Bomb, hideOnMobile: true },
  { to: '/freeloot', label: 'freeLoot', icon: Gift, auth: true },
];

/** Each game by its name in the navigation (a key of the layout's catalog), for lists that name games (history filters). */
export const GAME_NAV_LABELS: Record<GameId, NavLink['label']> = { box: 'boxes', battle: 'battles', upgrade: 'upgrade', crash: 'crash', wheel: 'wheel', plinko: 'plinko', dice: 'dice', limbo: 'limbo', mines: 'mines' };

export const GAME_LINKS = NAV_LINKS.filter((l) => ['/upgrade', '/crash', '/wheel', '/plinko', '/dice', '/limbo', '/mines', '/battles'].includes(l.to));

export interface FooterLink {
  to: string;
  label: keyof typeof messages;
}

export const FOOTER_COLUMNS: readonly { title: keyof typeof messages; links: readonly FooterLink[] }[] = [
  {
    title: 'mysteryBoxes',
    links: [
      { to: '/how-it-works', label: 'howItWorks' },
      { to: '/provably-fair', label: 'provablyFair' },
      { to: '/leaderboard', label: 'leaderboard' },
      { to: '/faq', label: 'faq' },
    ],
  },
  {
    title: 'account',
    links: [
      { to: '/profile/inventory', label: 'inventory' },
      { to: '/profile/delivery', label: 'delivery' },
      { to: '/profile/referral', label: 'affiliates' },
      { to: '/profile/support', label: 'support' },
    ],
  },
  {
    title: 'company',
    links: [
      { to: '/contacts', label: 'contacts' },
      { to: '/partnership', label: 'partnership' },
      { to: '/transparency', label: 'transparency' },
    ],
  },
  {
    title: 'legal',
    links: [
      { to: '/terms-of-service', label: 'termsOfService' },
      { to: '/bonus-terms', label: 'bonusTerms' },
      { to: '/privacy-statement', label: 'privacyStatement' },
      { to: '/cookie-policy', label: 'cookiePolicy' },
      { to: '/aml-policy', label: 'amlPolicy' },
    ],
  },
];

export const FOOTER_LINKS: readonly FooterLink[] = FOOTER_COLUMNS.flatMap((c) => c.links);
