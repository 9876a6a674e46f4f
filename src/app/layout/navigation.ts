import { ArrowUpNarrowWide, Bomb, Dices, Disc3, Gift, Package, Rocket, Swords, Triangle, TrendingUp, type LucideIcon } from 'lucide-react';

// Header navigation and footer links of docs/product.md §2, in the spec's order.
export interface NavLink {
  to: string;
  label: string;
  icon: LucideIcon;
  /** Marked "New" in navigation (dice). */
  isNew?: boolean;
  /** Hidden in the phone header (still in the sidebar). */
  hideOnMobile?: boolean;
  /** Needs a login: a guest's click opens the login modal instead. */
  auth?: boolean;
}

export const NAV_LINKS: readonly NavLink[] = [
  { to: '/boxes', label: 'Boxes', icon: Package },
  { to: '/battles', label: 'Battles', icon: Swords },
  { to: '/upgrade', label: 'Upgrade', icon: TrendingUp, hideOnMobile: true },
  { to: '/crash', label: 'Crash', icon: Rocket, hideOnMobile: true },
  { to: '/wheel', label: 'Wheel', icon: Disc3, hideOnMobile: true },
  { to: '/plinko', label: 'Plinko', icon: Triangle, hideOnMobile: true },
  { to: '/dice', label: 'Dice', icon: Dices, isNew: true, hideOnMobile: true },
  { to: '/limbo', label: 'Limbo', icon: ArrowUpNarrowWide, hideOnMobile: true },
  { to: '/mines', label: 'Mines', icon: Bomb, hideOnMobile: true },
  { to: '/freeloot', label: 'Free loot', icon: Gift, auth: true },
];

export const GAME_LINKS = NAV_LINKS.filter((l) => ['/upgrade', '/crash', '/wheel', '/plinko', '/dice', '/limbo', '/mines', '/battles'].includes(l.to));

export interface FooterLink {
  to: string;
  label: string;
}

export const FOOTER_COLUMNS: readonly { title: string; links: readonly FooterLink[] }[] = [
  {
    title: 'Mystery boxes',
    links: [
      { to: '/how-it-works', label: 'How it works' },
      { to: '/provably-fair', label: 'Provably fair' },
      { to: '/leaderboard', label: 'Leaderboard' },
      { to: '/faq', label: 'FAQ' },
    ],
  },
  {
    title: 'Account',
    links: [
      { to: '/profile/inventory', label: 'Inventory' },
      { to: '/profile/delivery', label: 'Delivery' },
      { to: '/profile/referral', label: 'Affiliates' },
      { to: '/profile/support', label: 'Support' },
    ],
  },
  {
    title: 'Company',
    links: [
      { to: '/contacts', label: 'Contacts' },
      { to: '/partnership', label: 'Partnership' },
      { to: '/transparency', label: 'Transparency' },
    ],
  },
  {
    title: 'Legal',
    links: [
      { to: '/terms-of-service', label: 'Terms of service' },
      { to: '/bonus-terms', label: 'Bonus terms' },
      { to: '/privacy-statement', label: 'Privacy statement' },
      { to: '/cookie-policy', label: 'Cookie policy' },
      { to: '/aml-policy', label: 'Aml policy' },
    ],
  },
];

export const FOOTER_LINKS: readonly FooterLink[] = FOOTER_COLUMNS.flatMap((c) => c.links);
