import { depositApi } from './depositApi.ts';
import { AmountPayForm } from './AmountPayForm.tsx';
import { SKINS_DEFAULT_AMOUNT } from '../../../core/protocol/deposit.ts';
import messages from './i18n/en-US.json';
import { translator } from '../../i18n/i18n.ts';

const t = translator(messages);

/** Skins: amount required, default 3.15 (docs/product.md §5, §9); the traded skins' value is what gets credited. */
export function SkinsForm() {
  return (
    <AmountPayForm
      testId="skins-form"
      initialAmount={String(SKINS_DEFAULT_AMOUNT)}
      minimum={null}
      redirect={depositApi.skinsRedirect}
      note={t('skinsNote')}
    />
  );
}
