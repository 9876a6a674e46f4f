import { depositApi } from './depositApi.ts';
import { AmountPayForm } from './AmountPayForm.tsx';
import { SKINS_DEFAULT_AMOUNT } from '../../../core/protocol/deposit.ts';

/** Skins: amount required, default 3.15 (docs/product.md §5, §9); the traded skins' value is what gets credited. */
export function SkinsForm() {
  return (
    <AmountPayForm
      testId="skins-form"
      initialAmount={String(SKINS_DEFAULT_AMOUNT)}
      minimum={null}
      redirect={depositApi.skinsRedirect}
      note="Trade your skins on the next page; their value is added to your balance."
    />
  );
}
