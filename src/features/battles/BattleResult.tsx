import { Link } from 'react-router';
import { Copy, RotateCcw, ShieldCheck, Trophy } from 'lucide-react';
import type { BattleDetail } from '../../../core/protocol/battle.ts';
import { Button } from '../../components/Button.tsx';
import { Coins } from '../../components/Coin.tsx';
import { battleFairLink, battleShares, seatName, seatResult, sideName, tieBreakOf, TIE_BREAK_RULE_HREF } from './battleView.ts';

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
          {winner.seats.map((s) => seatName(battle, s)).join(' & ')} won {team ? <>items worth <Coins value={winner.prize} /> together</> : <Coins value={winner.prize} />}
        </span>
      </h2>
      {tie && (
        <p className="battle-muted" data-testid="battle-tie-break">
          {tie.tied.map((t) => sideName(battle, t)).join(' and ')} tied at <Coins value={winner.total} />. The coin of the <Link to={TIE_BREAK_RULE_HREF}>published tie-break rule</Link> went to{' '}
          {sideName(battle, tie.winner)}.
        </p>
      )}
      {team && (
        <ul className="battle-result__shares" data-testid="battle-shares">
          {shares.map((share) => (
            <li key={share.seat} data-seat={share.seat}>
              <strong>
                {share.who} {share.who === 'You' ? 'receive' : 'receives'} <Coins value={share.value} />
              </strong>
              {share.items.length > 0 && `: ${share.items.join(', ')}`}
              {battle.seats.find((s) => s.seat === share.seat)?.bot && <span className="battle-muted"> (a bot's share stays with the house)</span>}
            </li>
          ))}
        </ul>
      )}
      {mine && (
        <p data-testid="battle-my-result">
          {!team && <>You receive <Coins value={mine.received} />. </>}
          Net result: {mine.net < 0 ? '−' : '+'}
          <Coins value={Math.abs(mine.net)} /> against the <Coins value={battle.cost} /> seat cost.
          {mine.received > 0 && (
            <>
              {' '}
              {team ? 'Your items are' : 'Every item is'} in <Link to="/profile/inventory">your inventory</Link>.
            </>
          )}
        </p>
      )}
      <div className="battle-result__actions">
        {battle.server_seed && (
          <Link className="game-history__verify battle-result__verify" to={battleFairLink(battle)}>
            <ShieldCheck size={16} aria-hidden /> Verify
          </Link>
        )}
        <Button size="small" loading={busy} onClick={onRecreate}>
          <RotateCcw size={16} aria-hidden /> Recreate
        </Button>
        <Button size="small" variant="secondary" onClick={onCopy}>
          <Copy size={16} aria-hidden /> Copy
        </Button>
      </div>
    </div>
  );
}
