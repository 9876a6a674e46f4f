import { Link } from 'react-router';
import { Dices, Disc3, Gift, Package, Rocket, ShieldCheck, Swords, Triangle, TrendingUp, Truck } from 'lucide-react';
import { useModals } from '../../stores/modals.ts';
import { useSession } from '../../stores/session.ts';
import './HomeFrame.css';

// The home page's frame (src/pages/home/HomePage.tsx fills it with the catalog's box rows): the hero,
// then the page's own rows, then the games and the three steps.
const GAMES = [
  { to: '/boxes', label: 'Mystery boxes', text: 'Brand products, real odds', icon: Package, hue: '#8b5cff' },
  { to: '/battles', label: 'Box battles', text: 'Open together, winner takes all', icon: Swords, hue: '#ff5a36' },
  { to: '/upgrade', label: 'Upgrade', text: 'Turn an item into a better one', icon: TrendingUp, hue: '#3b8bff' },
  { to: '/crash', label: 'Crash', text: 'Cash out before it crashes', icon: Rocket, hue: '#1ee88a' },
  { to: '/wheel', label: 'Crazy Wheel', text: 'Pick a colour, spin the wheel', icon: Disc3, hue: '#ffc53d' },
  { to: '/plinko', label: 'Plinko', text: 'Drop the ball, hit the edges', icon: Triangle, hue: '#ff4fb8' },
  { to: '/dice', label: 'Dice', text: 'Roll over or under', icon: Dices, hue: '#22d3ee', isNew: true },
  { to: '/freeloot', label: 'Free loot', text: 'Free boxes as you level up', icon: Gift, hue: '#a3e635' },
];

const STEPS = [
  { icon: Package, title: 'Pick a box', text: 'Every box lists its items and their exact chances before you open it.' },
  { icon: ShieldCheck, title: 'Open it fairly', text: 'Each result comes from a server seed, your seed and a nonce you can check.' },
  { icon: Truck, title: 'Ship or sell', text: 'Have the item delivered to your door or sell it back for coins instantly.' },
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
            <ShieldCheck size={16} aria-hidden /> Provably fair · Authentic products
          </p>
          <h1>
            Open mystery boxes.
            <br />
            <span>Win the real thing.</span>
          </h1>
          <p className="home-hero__lead">Sneakers, phones, consoles and watches from brands you know. Open a box, battle friends, and ship your wins home.</p>
          <div className="home-hero__actions">
            <Link to="/boxes" className="btn btn--primary btn--large">
              Open boxes
            </Link>
            {user ? (
              <button type="button" className="btn btn--money btn--large" onClick={() => open('deposit')}>
                Deposit
              </button>
            ) : (
              <button type="button" className="btn btn--secondary btn--large guest-only" onClick={() => open('register')}>
                Create account
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
        <h2>Play</h2>
        <div className="home-games">
          {GAMES.map((game) => (
            <Link key={game.to} to={game.to} className="home-game" style={{ '--hue': game.hue } as React.CSSProperties}>
              <span className="home-game__icon">
                <game.icon size={26} aria-hidden />
              </span>
              <span className="home-game__label">
                {game.label}
                {game.isNew && <span className="nav-link__new">New</span>}
              </span>
              <span className="home-game__text">{game.text}</span>
            </Link>
          ))}
        </div>
      </section>

      <section className="home-section">
        <h2>How it works</h2>
        <ol className="home-steps">
          {STEPS.map((step, i) => (
            <li key={step.title} className="panel home-step">
              <span className="home-step__number">{i + 1}</span>
              <step.icon size={28} aria-hidden />
              <h3>{step.title}</h3>
              <p>{step.text}</p>
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
