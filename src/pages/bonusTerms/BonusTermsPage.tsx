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
        <h1>Bonus terms</h1>
        <p>
          Bonus coins play like any other coins, but they stay in your balance locked until you have wagered them. These terms apply to every bonus; a promo code states its own wager, days and
          maximum bet in the deposit modal before a deposit applies it.
        </p>
      </header>
      <div className="info-page__sections">
        <section className="panel info-page__section">
          <h2>Wagering</h2>
          <p>
            Each bonus asks a wager: a multiple of the bonus (or of the bonus plus its deposit). Every stake you place between the bonus and its expiry counts toward it at its game's weight (the
            table below), rounded down to the cent. A promo code may set its own weights for some games; the deposit modal names them. Your wallet panel, on the deposit and withdraw pages, shows
            each active bonus's progress and expiry.
          </p>
        </section>
        <section className="panel info-page__section">
          <h2>While a bonus is active</h2>
          <p>
            The whole bonus is locked: you can withdraw your balance less the locked bonuses. A withdrawal, a gift card code or a delivery worth more than that is refused, with what is left to wager.
          </p>
          <p>A bonus with a maximum bet refuses any stake above it until its wager is met.</p>
          <p>One bonus code at a time: a code is refused while a bonus is active. Bonus codes are not available during a break from play.</p>
        </section>
        <section className="panel info-page__section">
          <h2>When it ends</h2>
          <p>Once your stakes reach the wager, the bonus is yours to withdraw like the rest of your balance.</p>
          <p>
            At its expiry, or when you forfeit it in your wallet panel, the locked bonus is removed from your balance (never more than your balance) and the rest of your balance is withdrawable.
          </p>
          <p>
            Every bonus, forfeit and stake is in your <Link to="/profile/history">history</Link>.
          </p>
        </section>
        {/* The server's figures last: nothing the page has drawn moves when they arrive. */}
        <section className="panel info-page__section">
          <h2>How much each game counts</h2>
          <FiguresTable state={state} label="Game weights" headings={['Game', 'Counts toward the wager']} testId="bonus-weights" rows={(r) => r.weights.map((w) => ({ key: w.game, cells: [w.label, `${w.pct} %`] }))} />
        </section>
        <section className="panel info-page__section">
          <h2>Where bonus coins come from</h2>
          <FiguresTable state={state} label="Bonus sources" headings={['Bonus', 'Terms']} testId="bonus-sources" rows={(r) => r.sources.map((x) => ({ key: x.source, cells: [x.label, x.text] }))} />
          <p>Tips from other players, cashback, VIP rakeback and race and challenge prizes are not bonuses: they lock nothing.</p>
        </section>
      </div>
    </article>
  );
}
