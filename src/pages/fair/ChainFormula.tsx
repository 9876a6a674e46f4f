import { Formula } from '../../features/fair/FairLayout.tsx';
import { translator } from '../../i18n/i18n.ts';
import messages from './i18n/en-US.json';

const t = translator(messages);

// The hash-chain scheme of the round games (crash, wheel).
export function ChainFormula() {
  return (
    <Formula title={t('chainTitle')}>
      <p>{t('chainCommit')}</p>
      <pre>{`h(i+1) = SHA256(h(i))         game n uses h(L − n)
SHA256 applied n times to game n's hash = the terminating hash`}</pre>
      <p>{t('chainSafe')}</p>
      <pre>{`X = first 52 bits of HMAC_SHA256(key = salt, message = game hash bytes) / 2^52`}</pre>
      <p>{t('chainRoundNumber')}</p>
    </Formula>
  );
}
