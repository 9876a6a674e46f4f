import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { LabFrame, Num, type Lab, type LabProps } from '../labKit.tsx';
import { useScene } from '../../../features/scenes/useScene.ts';
import { BattleScene, type BattleSceneRound } from '../../../../scenes/battle/BattleScene.ts';
import { battleTuning } from '../../../../scenes/battle/tuning.ts';
import { seededRandom } from '../../../../scenes/kit/random.ts';
import { seatTotals } from '../../../../core/games/battle.ts';
import { LAB_ITEMS, LAB_NAMES } from '../labOutcomes.ts';

/**
 * One round of a lab battle: `seats` players (two teams when `teams`), each seat's item for every
 * round from the seed, the totals after `round`, and on the last round the seats (or team) ahead.
 */
function battleOutcome(seed: number, seats: number, teams: boolean, round: number, roundsTotal: number): BattleSceneRound {
  const random = seededRandom(seed);
  const rounds = Array.from({ length: roundsTotal }, () => Array.from({ length: seats }, () => LAB_ITEMS[Math.floor(random() * LAB_ITEMS.length)]!));
  const teamOf = (seat: number) => (teams ? Math.floor(seat / (seats / 2)) : seat);
  const totals = seatTotals(rounds.slice(0, round).map((r) => r.map((item) => item.price)), seats).map((t) => Math.round(t * 100) / 100);
  const byTeam = new Map<number, number>();
  totals.forEach((t, s) => byTeam.set(teamOf(s), (byTeam.get(teamOf(s)) ?? 0) + t));
  const best = Math.max(...byTeam.values());
  const winners = round === roundsTotal ? totals.map((_, s) => s).filter((s) => byTeam.get(teamOf(s)) === best) : null;
  return {
    seats: Array.from({ length: seats }, (_, s) => ({ name: LAB_NAMES[s % LAB_NAMES.length]!, team: teams ? teamOf(s) : s })),
    teams,
    round,
    roundsTotal,
    items: LAB_ITEMS,
    won: rounds[round - 1] ?? null,
    totals,
    winners,
  };
}

function BattleLab({ seed, view }: LabProps) {
  // ?seats=2..6 and ?teams=1 link a battle layout (two teams split the seats in half).
  const [params] = useSearchParams();
  const [seats, setSeats] = useState(() => Math.min(6, Math.max(2, Number(params.get('seats')) || 4)));
  const [teams, setTeams] = useState(params.get('teams') === '1');
  const [roundsTotal, setRoundsTotal] = useState(3);
  const [round, setRound] = useState(3);
  const battle = useScene(() => new BattleScene({ seed }), [seed], view);
  const shownRound = Math.min(round, roundsTotal);
  const outcome = battleOutcome(seed, seats, teams && seats % 2 === 0, shownRound, roundsTotal);
  return (
    <LabFrame scene={battle} height={460} tuning={battleTuning} play={{ label: 'Play round', onClick: () => void battle.play(outcome) }}>
      <Num label="Seats" value={seats} min={2} max={6} onChange={setSeats} />
      <label>
        <input type="checkbox" checked={teams} onChange={(e) => setTeams(e.target.checked)} /> Teams
      </label>
      <Num label="Rounds" value={roundsTotal} min={1} max={10} onChange={setRoundsTotal} />
      <Num label="Round" value={shownRound} min={1} max={roundsTotal} onChange={setRound} />
    </LabFrame>
  );
}

export const lab: Lab = { title: 'Battle', order: 80, Component: BattleLab };
