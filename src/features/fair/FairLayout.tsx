import { useEffect, useState, type ReactNode } from 'react';
import { NavLink } from 'react-router';
import type { PublishedChain } from '../../../core/protocol/fair.ts';
import { fetchChains } from './fairApi.ts';
import './fair.css';
import type { RoundGame } from '../../../core/games/roundGames.ts';
import { GAME_IDS, GAMES } from '../../../core/games/catalog.ts';

// The frame of the fairness pages: title, the tabs between them, then the page's sections. The
// overview proves the boxes, battles and upgrades; every game with a page of its own (its catalog
// entry's fairness page) gets a tab, in the catalog's order.

const OVERVIEW = '/provably-fair';
const TABS = [
  { to: OVERVIEW, label: 'Overview', end: true },
  ...GAME_IDS.filter((id) => GAMES[id].fairness.page !== OVERVIEW).map((id) => ({ to: GAMES[id].fairness.page, label: GAMES[id].historyLabel, end: false })),
];

export function FairLayout({ title, intro, children }: { title: string; intro: ReactNode; children: ReactNode }) {
  return (
    <div className="fair-page">
      <header className="fair-page__header">
        <h1>{title}</h1>
        <nav className="fair-tabs" aria-label="Provably fair pages">
          {TABS.map((t) => (
            <NavLink key={t.to} to={t.to} end={t.end} className={({ isActive }) => `fair-tab${isActive ? ' fair-tab--active' : ''}`}>
              {t.label}
            </NavLink>
          ))}
        </nav>
        <div className="fair-intro">
          {intro}
          <p>
            <NavLink to="/transparency" className="fair-intro__link">
              Transparency: every game's measured return against the published one
            </NavLink>
          </p>
        </div>
      </header>
      <div className="fair-grid">{children}</div>
    </div>
  );
}

export function Formula({ id, title, children }: { id?: string; title: string; children: ReactNode }) {
  return (
    <section id={id} className="fair-panel fair-formula">
      <h2>{title}</h2>
      {children}
    </section>
  );
}

/** The published hash chains of one round game (terminating hash and salt). */
export function PublishedChains({ game }: { game: RoundGame }) {
  const [chains, setChains] = useState<PublishedChain[] | null>(null);
  useEffect(() => {
    let live = true;
    fetchChains()
      .then((all) => live && setChains(all.filter((c) => c.game === game)))
      .catch(() => live && setChains([]));
    return () => {
      live = false;
    };
  }, [game]);
  return (
    <section className="fair-panel" data-testid="fair-chains">
      <h2>Published chains</h2>
      {chains === null ? (
        <p className="fair-muted">Loading…</p>
      ) : chains.length === 0 ? (
        <p className="fair-muted">No chain yet: it is generated and published before the first round.</p>
      ) : (
        chains.map((c) => (
          <dl className="fair-kv" key={c.terminating_hash}>
            <dt>Terminating hash</dt>
            <dd className="fair-mono">{c.terminating_hash}</dd>
            <dt>Salt</dt>
            <dd className="fair-mono">{c.salt}</dd>
            <dt>Rounds</dt>
            <dd>
              {c.played.toLocaleString('en-US')} of {c.length.toLocaleString('en-US')} played{c.active ? '' : ' (finished)'}
            </dd>
          </dl>
        ))
      )}
    </section>
  );
}
