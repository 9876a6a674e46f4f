import type { PublicBet } from '../../../core/protocol/transparency.ts';
import { translator } from '../../i18n/i18n.ts';
import messages from './i18n/en-US.json';

const t = translator(messages);

/** A bet's seed pair and nonce as a list (the bet page's derivation, the history's verify modal); `hidden` stands for a server seed not revealed yet. */
export function SeedPairList({ seeds, hidden, className }: { seeds: NonNullable<PublicBet['seeds']>; hidden: string; className?: string }) {
  return (
    <dl className={className ? `fair-kv ${className}` : 'fair-kv'}>
      <dt>{t('serverSeedHash')}</dt>
      <dd className="fair-mono">{seeds.server_seed_hash}</dd>
      <dt>{t('serverSeed')}</dt>
      <dd className="fair-mono">{seeds.server_seed ?? hidden}</dd>
      <dt>{t('clientSeed')}</dt>
      <dd className="fair-mono">{seeds.client_seed}</dd>
      <dt>{t('nonce')}</dt>
      <dd className="fair-mono">{seeds.nonce}</dd>
    </dl>
  );
}
