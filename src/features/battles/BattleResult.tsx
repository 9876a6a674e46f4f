import { Link } from 'react-router';
import { Copy, RotateCcw, ShieldCheck, Trophy } from 'lucide-react';
import type { BattleDetail } from '../../../core/protocol/battle.ts';
import { Button } from '../../components/Button.tsx';
import { Coins } from '../../components/Coin.tsx';
import { battleFairLink, battleShares, namesAnd, seatName, seatResult, sideName, tieBreakOf, TIE_BREAK_RULE_HREF } from './battleView.ts';
import { richText } from '../../i18n/richText.tsx';
import { translator } from '../../i18n/i18n.ts';
import messages from './i18n/en-US.json';

const t = translator(messages);

// The end of a battle: who won what (in a team, each winner's own share as the server settled it,
// with the items it received: the team's total is never anyone's), the viewer's own result against
// the seat cost (a spectator has no "you"), how a tie was broken (the coin of the scene, the rule it
// follows), the way to verify every roll, and the two ways to play it again: Recreate (the same
// battle at once, through the normal create call) and Copy (the create page filled in with it).

export function BattleResult({ battle, mySeat, busy, onRecreate, onCopy }: { battle: BattleDetail; mySeat: number | null; busy: boolean; onRecreate: () => void; onCopy: () => void }) {
  const winner = battle.winner;
  if (!winner) return null;
  const tie = tieBreakOf(battle);
  const team = winner.seats.length > 1;
  const shares = battleShares(battle, mySeat);
  const mine = mySeat === null ? null : seatResult(battle, mySeat);
  return (
    <div className="battle-result" data-testid="battle-result">
      <h2>
        {/* One text beside the icon: the heading is a flex row, and loose words would each be an item. */}
        <Trophy aria-hidden />
        <span>
          {richText(t, team ? 'wonTeam' : 'won', { prize: <Coins value={winner.prize} /> }, { [team ? 'names' : 'name']: winner.seats.map((s) => seatName(battle, s)).join(' & ') })}
        </span>
      </h2>
      {tie && (
        <p className="battle-muted" data-testid="battle-tie-break">
          {richText(
            t,
            'tieBreak',
            { total: <Coins value={winner.total} />, rule: <Link to={TIE_BREAK_RULE_HREF}>{t('tieBreakRule')}</Link> },
            { sides: namesAnd(tie.tied.map((side) => sideName(battle, side))), winner: sideName(battle, tie.winner) },
          )}
        </p>
      )}
      {team && (
        <ul className="battle-result__shares" data-testid="battle-shares">
          {shares.map((share) => (
            <li key={share.seat} data-seat={share.seat}>
              <strong>
                {richText(t, share.you ? 'youReceive' : 'receives', { value: <Coins value={share.value} /> }, { name: share.who })}
              </strong>
              {share.items.length > 0 && t('shareItems', { items: share.items.join(', ') })}
              {battle.seats.find((s) => s.seat === share.seat)?.bot && <span className="battle-muted"> {t('botShare')}</span>}
            </li>
          ))}
        </ul>
      )}
      {mine && (
        <p data-testid="battle-my-result">
          {!team && (
            <>
              {richText(t, 'youReceiveTotal', { value: <Coins value={mine.received} /> })}{' '}
            </>
          )}
          {richText(t, 'netResult', {
            net: (
              <>
                {mine.net < 0 ? '−' : '+'}
                <Coins value={Math.abs(mine.net)} />
              </>
            ),
            cost: <Coins value={battle.cost} />,
          })}
          {mine.received > 0 && (
            <>
              {' '}
              {richText(t, team ? 'teamItemsIn' : 'itemsIn', { inventory: <Link to="/profile/inventory">{t('yourInventory')}</Link> })}
            </>
          )}
        </p>
      )}
      <div className="battle-result__actions">
        {battle.server_seed && (
          <Link className="game-history__verify battle-result__verify" to={battleFairLink(battle)}>
            <ShieldCheck size={16} aria-hidden /> {t('verify')}
          </Link>
        )}
        <Button size="small" loading={busy} onClick={onRecreate}>
          <RotateCcw size={16} aria-hidden /> {t('recreate')}
        </Button>
        <Button size="small" variant="secondary" onClick={onCopy}>
          <Copy size={16} aria-hidden /> {t('copy')}
        </Button>
      </div>
    </div>
  );
}
