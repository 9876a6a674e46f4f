import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { call } from '../../api/call.ts';
import { apiErrorText } from '../../api/http.ts';
import { bonusRules } from '../../../core/protocol/routes/bonuses.ts';
import type { BonusRulesAnswer } from '../../../core/protocol/bonuses.ts';
import { HeadedTable } from '../../components/HeadedTable.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import '../info/InfoPage.css';
import './bonusTerms.css';
import messages from './i18n/en-US.json';
import { translator } from '../../i18n/i18n.ts';
import { richText } from '../../i18n/richText.tsx';

const t = translator(messages);

// /bonus-terms (docs/bonuses.md, "The terms page"): the rules every bonus follows, in words, and
// the figures that decide them as the server holds them now (GET /api/bonuses/rules): how much each
// game's stakes count toward a requirement, and the terms of each source of bonus money. The rules in
// words are the server's rules (server/bonuses/, server/shipping/withdrawals.ts); a change there
// changes this page's text with it.

type Rules = BonusRulesAnswer['data'];

function useRules(): { rules: Rules | null; error: string | null } {
  const [state, setState] = useState<{ rules: Rules | null; error: string | null }>({ rules: null, error: null });
  useEffect(() => {
    let live = true;
    call(bonusRules, {})
      .then((r) => live && setState({ rules: r.data, error: null }))
      .catch((e: unknown) => live && setState({ rules: null, error: apiErrorText(e) }));
    return () => {
      live = false;
    };
  }, []);
  return state;
}

/** One table of the server's figures (its rows from the answer), or its spinner, or why they could not be read. */
function FiguresTable({ state, label, headings, testId, rows }: { state: ReturnType<typeof useRules>; label: string; headings: readonly string[]; testId: string; rows: (rules: Rules) => { key: string; cells: ReactNode[] }[] }) {
  if (state.error) return <p role="alert">{state.error}</p>;
  if (!state.rules) return <Spinner />;
  return (
    <HeadedTable kind="bonus-terms" label={label} headings={headings} testId={testId}>
      {rows(state.rules).map((row) => (
        <tr key={row.key}>
          {row.cells.map((cell, i) => (
            <td key={i}>{cell}</td>
          ))}
        </tr>
      ))}
    </HeadedTable>
  );
}

export default function BonusTermsPage() {
  const state = useRules();
  return (
    <article className="page info-page bonus-terms">
      <header className="info-page__head">
        <h1>{t('title')}</h1>
        <p>{t('intro')}</p>
      </header>
      <div className="info-page__sections">
        <section className="panel info-page__section">
          <h2>{t('wagering')}</h2>
          <p>{t('wageringText')}</p>
        </section>
        <section className="panel info-page__section">
          <h2>{t('whileActive')}</h2>
          <p>{t('lockedText')}</p>
          <p>{t('maxBetText')}</p>
          <p>{t('oneCodeText')}</p>
        </section>
        <section className="panel info-page__section">
          <h2>{t('whenItEnds')}</h2>
          <p>{t('wageredText')}</p>
          <p>{t('expiryText')}</p>
          <p>{richText(t, 'historyText', { history: <Link to="/profile/history">{t('history')}</Link> })}</p>
        </section>
        {/* The server's figures last: nothing the page has drawn moves when they arrive. */}
        <section className="panel info-page__section">
          <h2>{t('weightsTitle')}</h2>
          <FiguresTable state={state} label={t('gameWeights')} headings={[t('game'), t('countsToward')]} testId="bonus-weights" rows={(r) => r.weights.map((w) => ({ key: w.game, cells: [w.label, t('pct', { value: w.pct })] }))} />
        </section>
        <section className="panel info-page__section">
          <h2>{t('sourcesTitle')}</h2>
          <FiguresTable state={state} label={t('bonusSources')} headings={[t('bonus'), t('terms')]} testId="bonus-sources" rows={(r) => r.sources.map((x) => ({ key: x.source, cells: [x.label, x.text] }))} />
          <p>{t('notBonusesText')}</p>
        </section>
      </div>
    </article>
  );
}
