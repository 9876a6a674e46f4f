import type { PublicBet } from '../../../core/protocol/transparency.ts';

/** A bet's seed pair and nonce as a list (the bet page's derivation, the history's verify modal); `hidden` stands for a server seed not revealed yet. */
export function SeedPairList({ seeds, hidden, className }: { seeds: NonNullable<PublicBet['seeds']>; hidden: string; className?: string }) {
  return (
    <dl className={className ? `fair-kv ${className}` : 'fair-kv'}>
      <dt>Server seed hash</dt>
      <dd className="fair-mono">{seeds.server_seed_hash}</dd>
      <dt>Server seed</dt>
      <dd className="fair-mono">{seeds.server_seed ?? hidden}</dd>
      <dt>Client seed</dt>
      <dd className="fair-mono">{seeds.client_seed}</dd>
      <dt>Nonce</dt>
      <dd className="fair-mono">{seeds.nonce}</dd>
    </dl>
  );
}
