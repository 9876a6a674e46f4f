import { useEffect, useState, type ReactNode } from 'react';
import { NavLink } from 'react-router';
import type { PublishedChain } from '../../../core/protocol/fair.ts';
import { fetchChains } from './fairApi.ts';
import './fair.css';
import type { RoundGame } from '../../../core/games/roundGames.ts';
import { GAME_IDS, GAMES } from '../../../core/games/catalog.ts';
import { formatNumber } from '../../format/format.ts';
import { translator } from '../../i18n/i18n.ts';
import messages from './i18n/en-US.json';

const t = translator(messages);

// The frame of the fairness pages: title, the tabs between them, then the page's sections. The
// overview proves the boxes, battles and upgrades; every game with a page of its own (its catalog
// entry's fairness page) gets a tab, in the catalog's order.

const OVERVIEW = '/provably-fair';
/** The overview's tab has no game label: its name is the catalog's (null here). */
const TABS: { to: string; label: string | null; end: boolean }[] = [
  { to: OVERVIEW, label: null, end: true },
  ...GAME_IDS.filter((id) => GAMES[id].fairness.page !== OVERVIEW).map((id) => ({ to: GAMES[id].fairness.page, label: GAMES[id].historyLabel, end: false })),
];

export function FairLayout({ title, intro, children }: { title: string; intro: ReactNode; children: ReactNode }) {
  return (
    <div className="fair-page">
      <header className="fair-page__header">
        <h1>{title}</h1>
        <nav className="fair-tabs" aria-label={t('fairPages')}>
          {TABS.map((tab) => (
            <NavLink key={tab.to} to={tab.to} end={tab.end} className={({ isActive }) => `fair-tab${isActive ? ' fair-tab--active' : ''}`}>
              {tab.label ?? t('overview')}
            </NavLink>
          ))}
        </nav>
        <div className="fair-intro">
          {intro}
          <p>
            <NavLink to="/transparency" className="fair-intro__link">
              {t('transparencyLink')}
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
      <h2>{t('publishedChains')}</h2>
      {chains === null ? (
        <p className="fair-muted">{t('loading')}</p>
      ) : chains.length === 0 ? (
        <p className="fair-muted">{t('noChainYet')}</p>
      ) : (
        chains.map((c) => (
          <dl className="fair-kv" key={c.terminating_hash}>
            <dt>{t('terminatingHash')}</dt>
            <dd className="fair-mono">{c.terminating_hash}</dd>
            <dt>{t('salt')}</dt>
            <dd className="fair-mono">{c.salt}</dd>
            <dt>{t('rounds')}</dt>
            <dd>{t(c.active ? 'chainPlayed' : 'chainPlayedFinished', { played: formatNumber(c.played), length: formatNumber(c.length) })}</dd>
          </dl>
        ))
      )}
    </section>
  );
}
