import { Formula } from '../../features/fair/FairLayout.tsx';

// The hash-chain scheme of the round games (crash, wheel).
export function ChainFormula() {
  return (
    <Formula title="The hash chain">
      <p>
        Before the first round we generate 10 000 000 hashes from a secret seed, each the SHA-256 of the one before (as its 64-character hex text), and publish the last one: the terminating hash,
        together with the salt. Rounds play the chain backwards, and each round’s hash is revealed when it ends.
      </p>
      <pre>{`h(i+1) = SHA256(h(i))         game n uses h(L − n)
SHA256 applied n times to game n's hash = the terminating hash`}</pre>
      <p>
        So nobody can compute a future round from the past ones, and we cannot change a round after publishing the terminating hash. The outcome uses the salt, never the revealed hash alone:
      </p>
      <pre>{`X = first 52 bits of HMAC_SHA256(key = salt, message = game hash bytes) / 2^52`}</pre>
      <p>
        A round’s number on the game’s page (Round #n) counts that game’s rounds from its first one. The game number n above is the round’s place in its chain: the two are the same on a
        game’s first chain, and the calculator names both when a round’s Verify link brought you here.
      </p>
    </Formula>
  );
}
