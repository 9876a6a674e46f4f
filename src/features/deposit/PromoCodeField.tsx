import { useEffect, useState } from 'react';
import { X } from 'lucide-react';
import { TextInput } from '../../components/TextInput.tsx';
import { Button } from '../../components/Button.tsx';
import { toast } from '../../components/toast.tsx';
import { apiErrorText } from '../../api/http.ts';
import { depositApi } from './depositApi.ts';
import { useDeposit } from './depositStore.ts';
import { PROMO_ACCEPTED, promoBonusCents } from '../../../core/protocol/deposit.ts';
import { coinsToCents, formatCents } from '../../../core/money/cents.ts';
import { usePromoTerms } from '../bonuses/bonuses.ts';
import messages from './i18n/en-US.json';
import { translator } from '../../i18n/i18n.ts';
import { richText } from '../../i18n/richText.tsx';

const t = translator(messages);

/** The standing 5 % promotion (server/promo/promoSeed.ts). */
export const BONUS5_PROMOCODE = 'bonus5';

/**
 * Applies a code through the server; shows 'Promo code accepted' (docs/product.md §7), in the page's
 * language when the server says just that, else the server's own words.
 */
export async function applyPromocode(code: string): Promise<boolean> {
  try {
    const { msg, ...promo } = await depositApi.validatePromocode(code.trim());
    useDeposit.getState().setPromo(promo);
    toast.success(!msg || msg === PROMO_ACCEPTED ? t('promoAccepted') : msg);
    return true;
  } catch (error) {
    toast.error(apiErrorText(error));
    return false;
  }
}

/** A code the field may offer with one click; what it gives is the server's (the check's answer). */
export interface PromoOffer {
  code: string;
  /** Said before the offer, e.g. why the usual offer is not made. */
  note?: string;
}

export const BONUS5_OFFER: PromoOffer = { code: BONUS5_PROMOCODE };
const STANDING_OFFERS: readonly PromoOffer[] = [BONUS5_OFFER];

/**
 * The first of `offers` the player may take now, with its percent, by the server's quiet check
 * (GET /api/deposit/promocode/check, the rule a deposit's code meets): a code the player used, or
 * any code while another bonus is being wagered or on a break, is not offered (it would be refused),
 * and no check leaves a failed request. Null until the server has said, and when none may be taken.
 */
function useUsableOffer(offers: readonly PromoOffer[]): (PromoOffer & { percent: number }) | null {
  const [usable, setUsable] = useState<(PromoOffer & { percent: number }) | null>(null);
  useEffect(() => {
    setUsable(null);
    let live = true;
    void (async () => {
      for (const offer of offers) {
        const check = await depositApi.checkPromocode(offer.code).catch(() => null);
        if (!live || !check) return;
        if (check.usable && check.promocode && !check.promocode.is_fixed_value) return setUsable({ ...offer, percent: check.promocode.value });
      }
    })();
    return () => {
      live = false;
    };
  }, [offers]);
  return usable;
}

/**
 * Promo code: Apply disabled while empty; applied shows the code, the bonus and remove (docs/product.md §4, §5).
 * Under the field, the first of `offers` the player may take (the standing 5 % promotion unless the
 * form names others; a constant, as the checks run again when it changes) applies with one click.
 */
export function PromoCodeField({ amount, offers = STANDING_OFFERS }: { amount: number | null; offers?: readonly PromoOffer[] }) {
  const offer = useUsableOffer(offers);
  const promo = useDeposit((s) => s.promo);
  const setPromo = useDeposit((s) => s.setPromo);
  const pending = useDeposit((s) => s.pendingPromocode);
  const setPending = useDeposit((s) => s.setPendingPromocode);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  // What the bonus asks before it can be withdrawn, said before the deposit credits it (docs/bonuses.md).
  const terms = usePromoTerms(promo?.code ?? null);

  useEffect(() => {
    if (!pending) return;
    setPending(null);
    void applyPromocode(pending);
  }, [pending, setPending]);

  if (promo) {
    const cents = amount !== null ? coinsToCents(amount) : null;
    // Percent codes show the percentage (toFixed(2), docs/product.md §9) and what it adds to this amount.
    const bonus = promo.is_fixed_value ? promo.value.toFixed(2) : t('percent', { value: promo.value.toFixed(2) });
    return (
      <div className="promo promo--applied" data-testid="promo-applied">
        <div>
          <div className="promo__code">{promo.code}</div>
          <div className="promo__bonus">
            {t('promoBonus', { bonus })}
            {cents !== null && cents > 0 && <span className="promo__adds"> (+{formatCents(promoBonusCents(promo, cents))})</span>}
          </div>
          {terms && (
            <>
              <div className="promo__terms" data-testid="promo-terms">
                {terms}
              </div>
              {/* A new tab: the cashier stays open with the code applied. */}
              <a className="promo__terms-link" href="/bonus-terms" target="_blank" rel="noopener">
                {t('bonusTerms')}
              </a>
            </>
          )}
        </div>
        <button type="button" className="promo__remove" aria-label={t('removePromoCode')} onClick={() => setPromo(null)}>
          <X size={18} aria-hidden />
        </button>
      </div>
    );
  }
  return (
    <>
      <form
        className="promo"
        onSubmit={async (e) => {
          e.preventDefault();
          setBusy(true);
          if (await applyPromocode(code)) setCode('');
          setBusy(false);
        }}
      >
        <TextInput small placeholder={t('promoCode')} aria-label={t('promoCode')} value={code} onChange={(e) => setCode(e.target.value)} />
        <Button type="submit" variant="secondary" size="small" disabled={!code.trim()} loading={busy}>
          {t('applyPromoCode')}
        </Button>
      </form>
      {/* The offer (the standing 5 % promotion of docs/product.md §9 by default), one click to apply. */}
      {offer && (
        <p className="promo__hint" data-testid={`promo-${offer.code}`}>
          {offer.note && <>{offer.note} </>}
          {richText(t, 'promoOffer', {
            percent: <strong>{t('percent', { value: String(offer.percent) })}</strong>,
            code: (
              <button type="button" className="promo__suggest" onClick={() => void applyPromocode(offer.code)}>
                {offer.code}
              </button>
            ),
          })}
        </p>
      )}
    </>
  );
}
