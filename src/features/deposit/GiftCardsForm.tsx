import { useState } from 'react';
import { TextInput } from '../../components/TextInput.tsx';
import { Button } from '../../components/Button.tsx';
import { CoinIcon } from '../../components/Coin.tsx';
import { toast } from '../../components/Toasts.tsx';
import { apiErrorText } from '../../api/http.ts';
import { depositApi } from './depositApi.ts';
import { loadProfile } from '../auth/authSession.ts';
import { GIFT_CARD_PRICES } from '../../../core/protocol/deposit.ts';

function RedeemField({ label, placeholder, redeem }: { label: string; placeholder: string; redeem: (code: string) => Promise<{ msg: string }> }) {
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  return (
    <form
      className="redeem"
      onSubmit={async (e) => {
        e.preventDefault();
        setBusy(true);
        try {
          toast.success((await redeem(code.trim())).msg);
          setCode('');
          // The header shows the new balance now (the realtime event does the same once it exists).
          void loadProfile();
        } catch (error) {
          toast.error(apiErrorText(error));
        } finally {
          setBusy(false);
        }
      }}
    >
      <TextInput small aria-label={label} placeholder={placeholder} value={code} onChange={(e) => setCode(e.target.value)} />
      <Button type="submit" variant="money" size="small" disabled={!code.trim()} loading={busy}>
        Redeem
      </Button>
    </form>
  );
}

/** Gift cards: the price list with coin icons (docs/product.md §3) and the gift-code and voucher redeem fields. */
export function GiftCardsForm() {
  return (
    <div className="deposit-form" data-testid="gift-form">
      <ul className="giftcards">
        {GIFT_CARD_PRICES.map((p) => (
          <li key={p.amount} className="giftcard">
            <span className="giftcard__coins" aria-hidden>
              {Array.from({ length: p.coins }, (_, i) => (
                <CoinIcon key={i} size={22} />
              ))}
            </span>
            <span className="giftcard__amount">{p.amount}</span>
          </li>
        ))}
      </ul>
      <RedeemField label="Gift code" placeholder="Gift code" redeem={depositApi.redeemGiftCode} />
      <RedeemField label="Voucher" placeholder="Voucher" redeem={depositApi.redeemVoucher} />
    </div>
  );
}
