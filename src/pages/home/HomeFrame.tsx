import { Link } from 'react-router';
import { Dices, Disc3, Gift, Package, Rocket, ShieldCheck, Swords, Triangle, TrendingUp, Truck } from 'lucide-react';
import { useModals } from '../../stores/modals.ts';
import { useSession } from '../../stores/session.ts';
import './HomeFrame.css';
import messages from './i18n/en-US.json';
import { translator } from '../../i18n/i18n.ts';

const t = translator(messages);
type Key = keyof typeof messages;

// The home page's frame (src/pages/home/HomePage.tsx fills it with the catalog's box rows): the hero,
// then the page's own rows, then the games and the three steps.
const GAMES: readonly { to: string; label: Key; text: Key; icon: typeof Package; hue: string; isNew?: boolean }[] = [
  { to: '/boxes', label: 'gameBoxes', text: 'gameBoxesText', icon: Package, hue: '#8b5cff' },
  { to: '/battles', label: 'gameBattles', text: 'gameBattlesText', icon: Swords, hue: '#ff5a36' },
  { to: '/upgrade', label: 'gameUpgrade', text: 'gameUpgradeText', icon: TrendingUp, hue: '#3b8bff' },
  { to: '/crash', label: 'gameCrash', text: 'gameCrashText', icon: Rocket, hue: '#1ee88a' },
  { to: '/wheel', label: 'gameWheel', text: 'gameWheelText', icon: Disc3, hue: '#ffc53d' },
  { to: '/plinko', label: 'gamePlinko', text: 'gamePlinkoText', icon: Triangle, hue: '#ff4fb8' },
  { to: '/dice', label: 'gameDice', text: 'gameDiceText', icon: Dices, hue: '#22d3ee', isNew: true },
  { to: '/freeloot', label: 'gameFreeLoot', text: 'gameFreeLootText', icon: Gift, hue: '#a3e635' },
];

const STEPS: readonly { icon: typeof Package; title: Key; text: Key }[] = [
  { icon: Package, title: 'stepPick', text: 'stepPickText' },
  { icon: ShieldCheck, title: 'stepOpen', text: 'stepOpenText' },
  { icon: Truck, title: 'stepShip', text: 'stepShipText' },
];

/** `children` (the box rows) sit right under the hero, so a phone reaches the first box without a long scroll. */
export default function HomePage({ children }: { children?: React.ReactNode }) {
  const user = useSession((s) => s.user);
  const open = useModals((s) => s.open);
  return (
    <div className="home">
      <section className="home-hero">
        <div className="home-hero__copy">
          <p className="home-hero__eyebrow">
            <ShieldCheck size={16} aria-hidden /> {t('eyebrow')}
          </p>
          <h1>
            {t('heroTitle')}
            <br />
            <span>{t('heroTitleAccent')}</span>
          </h1>
          <p className="home-hero__lead">{t('heroLead')}</p>
          <div className="home-hero__actions">
            <Link to="/boxes" className="btn btn--primary btn--large">
              {t('openBoxes')}
            </Link>
            {user ? (
              <button type="button" className="btn btn--money btn--large" onClick={() => open('deposit')}>
                {t('deposit')}
              </button>
            ) : (
              <button type="button" className="btn btn--secondary btn--large guest-only" onClick={() => open('register')}>
                {t('createAccount')}
              </button>
            )}
          </div>
        </div>
        <div className="home-hero__art" aria-hidden>
          <div className="home-hero__glow" />
          {/* Pictures of HomeFrame.css: the page's stylesheet carries them, not the first load's script. */}
          <span className="home-hero__box" />
          <span className="home-hero__float home-hero__float--1" />
          <span className="home-hero__float home-hero__float--2" />
          <span className="home-hero__float home-hero__float--3" />
          <span className="home-hero__float home-hero__float--4" />
        </div>
      </section>

      {children}

      <section className="home-section">
        <h2>{t('play')}</h2>
        <div className="home-games">
          {GAMES.map((game) => (
            <Link key={game.to} to={game.to} className="home-game" style={{ '--hue': game.hue } as React.CSSProperties}>
              <span className="home-game__icon">
                <game.icon size={26} aria-hidden />
              </span>
              <span className="home-game__label">
                {t(game.label)}
                {game.isNew && <span className="nav-link__new">{t('newBadge')}</span>}
              </span>
              <span className="home-game__text">{t(game.text)}</span>
            </Link>
          ))}
        </div>
      </section>

      <section className="home-section">
        <h2>{t('howItWorks')}</h2>
        <ol className="home-steps">
          {STEPS.map((step, i) => (
            <li key={step.title} className="panel home-step">
              <span className="home-step__number">{i + 1}</span>
              <step.icon size={28} aria-hidden />
              <h3>{t(step.title)}</h3>
              <p>{t(step.text)}</p>
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
