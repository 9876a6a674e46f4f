import { FairLayout, Formula } from '../../features/fair/FairLayout.tsx';
import { SeedsPanel } from '../../features/fair/SeedsPanel.tsx';
import { BattleCalculator, BoxCalculator, UpgradeCalculator } from '../../features/fair/calculators.tsx';
import { useSeedInput } from '../../features/fair/seedInput.ts';
import { TICKETS } from '../../../core/fair/index.ts';
import { SeedPairFormula } from './SeedPairFormula.tsx';

// /provably-fair: how fairness works everywhere, with boxes, upgrade and battles in detail.
export default function ProvablyFairPage() {
  const [seeds, setSeeds] = useSeedInput();
  const verify = (p: { server_seed: string; client_seed: string; nonce: number }) => setSeeds({ serverSeed: p.server_seed, clientSeed: p.client_seed, nonce: String(p.nonce) });
  return (
    <FairLayout
      title="Provably fair"
      intro={
        <p>
          Every outcome on this site is decided before you see it, from inputs we commit to in advance, with formulas anyone can run. Box openings, upgrades, dice, plinko and battles use your seed
          pair; crash and the wheel use a published hash chain. Each calculator below recomputes outcomes in your browser, and our open verifier gives the same answers.
        </p>
      }
    >
      <SeedsPanel onVerify={verify} />
      <SeedPairFormula />
      <Formula title="Box opening">
        <pre>{`ticket = floor(float × ${TICKETS.toLocaleString('en-US')}) + 1       1 … ${TICKETS.toLocaleString('en-US')}`}</pre>
        <p>
          Each box publishes its items’ odds. In the listed order, the items take consecutive ticket ranges: item i gets the tickets after round(C(i−1) / total × {TICKETS.toLocaleString('en-US')})
          up to round(C(i) / total × {TICKETS.toLocaleString('en-US')}), with C the running sum of the odds. One ticket is 0.001 %. Opening several boxes at once uses one nonce per box.
        </p>
      </Formula>
      <BoxCalculator seeds={seeds} onSeeds={setSeeds} />
      <Formula title="Upgrade">
        <p>The same ticket from your seed pair: you win when the ticket is at most the chance × 1 000 (the chance has 3 decimals, so a 12.345 % chance wins on tickets 1 … 12 345).</p>
      </Formula>
      <UpgradeCalculator seeds={seeds} onSeeds={setSeeds} />
      <Formula id="battle-rules" title="Battles">
        <p>
          A battle commits the SHA-256 of its own server seed when it is created. Once the last seat fills, the public seed is fixed: the SHA-256 of all seats’ client seeds joined by “:”, in seat
          order, so no one, us included, can choose the outcome. Round r (1, 2, …) uses the seed-pair scheme with client seed = public seed and nonce = r; seat s reads float s.
        </p>
        <p>
          In 2v2 and 3v3 the winning team splits every item of the battle: most valuable first, each to the teammate holding the least so far. Teammates holding the same go by the team’s split
          order, its seats shuffled by the battle’s own seeds, so no seat (the creator’s included) is favoured and every teammate can expect an equal share. A bot’s share stays with us.
        </p>
        <p>
          The tie-break: when sides tie for the win (the best total, or the lowest in crazy mode), one flip decides among them, float 0 of nonce 0, a nonce no round uses. The tied sides are
          listed in order (teams in 2v2 and 3v3, seats otherwise) and the flip picks entry floor(float × number tied). The battle page shows it as a coin landing on that side.
        </p>
        <pre>{`ticket(seat, round) = floor(float_s(serverSeed, publicSeed, round) × ${TICKETS}) + 1
tie-break: tiedSeats[floor(float_0(serverSeed, publicSeed, nonce 0) × tiedSeats.length)]
split order: the team's seats in ascending order, then for i = n−1 … 1 (k = 1, 2, …)
  swap place i with place floor(float_k(serverSeed, publicSeed, nonce 0) × (i + 1))`}</pre>
      </Formula>
      <BattleCalculator />
    </FairLayout>
  );
}
