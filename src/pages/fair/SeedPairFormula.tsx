import { Formula } from '../../features/fair/FairLayout.tsx';

// The seed-pair scheme shared by dice, plinko, boxes, upgrade and battles (docs/fairness.md).
export function SeedPairFormula() {
  return (
    <Formula title="The seed pair">
      <p>
        Server seed: 64 random hex characters, shown only as its SHA-256 until you rotate. Client seed: yours, change it any time. Nonce: 1 for your first bet with a pair, then +1 per bet; a nonce
        is never used twice.
      </p>
      <pre>{`bytes(round) = HMAC_SHA256(key = serverSeed, message = clientSeed + ":" + nonce + ":" + round)
float = b0/256 + b1/256² + b2/256³ + b3/256⁴        (4 bytes each, 8 floats per round)`}</pre>
      <p>A game needing more than 8 floats continues with round 1, 2, … The same code runs on our server and in this page's calculators, so a result you check here is computed exactly as the game computed it.</p>
    </Formula>
  );
}
