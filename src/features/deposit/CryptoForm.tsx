import { useEffect, useState } from 'react';
import QRCode from 'qrcode';
import { ArrowLeft, TriangleAlert } from 'lucide-react';
import { Button } from '../../components/Button.tsx';
import { CopyButton } from '../../components/CopyButton.tsx';
import { toast } from '../../components/Toasts.tsx';
import { apiErrorText } from '../../api/http.ts';
import { depositApi } from './depositApi.ts';
import { CryptoIcon } from './CryptoIcon.tsx';
import { useDeposit } from './depositStore.ts';
import { PromoCodeField } from './PromoCodeField.tsx';
import { CRYPTO_MINIMUM_USD, cryptoCurrency, type CryptoOption } from '../../../core/protocol/deposit.ts';

/** The address as a QR code, drawn here: the address never goes to a third-party service. */
function AddressQr({ address }: { address: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    QRCode.toDataURL(address, { margin: 1, width: 180, color: { dark: '#0b0c29', light: '#ffffff' } })
      .then((url) => live && setSrc(url))
      .catch(() => live && setSrc(null));
    return () => {
      live = false;
    };
  }, [address]);
  return src ? <img className="crypto-qr" src={src} width={180} height={180} alt="Deposit address QR code" data-testid="crypto-qr" /> : <div className="crypto-qr crypto-qr--empty" />;
}

/** Crypto: step 0 choose a currency, Next fetches the address (step 1), Back returns (docs/product.md §4). */
export function CryptoForm() {
  const [options, setOptions] = useState<CryptoOption[]>([]);
  const [selected, setSelected] = useState<string | null>(null);
  const [address, setAddress] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const promo = useDeposit((s) => s.promo);

  useEffect(() => {
    depositApi
      .currencies()
      .then((list) => {
        setOptions(list);
        setSelected((s) => s ?? list[0]?.currency ?? null);
      })
      .catch((e: unknown) => toast.error(apiErrorText(e)));
  }, []);

  const next = async () => {
    if (!selected) return;
    setBusy(true);
    try {
      setAddress(await depositApi.depositAddress(selected, promo?.code ?? null));
    } catch (e) {
      toast.error(apiErrorText(e));
    } finally {
      setBusy(false);
    }
  };

  if (address && selected) {
    const meta = cryptoCurrency(selected);
    return (
      <div className="deposit-form crypto-address" data-testid="crypto-address">
        <button type="button" className="deposit-back" onClick={() => setAddress(null)}>
          <ArrowLeft size={18} aria-hidden /> Back
        </button>
        <div className="crypto-address__head">
          <CryptoIcon currency={selected} />
          <span>
            {meta?.name ?? selected}
            {meta?.network && <small className="crypto-network"> {meta.network}</small>}
          </span>
        </div>
        <AddressQr address={address} />
        <div className="crypto-address__row">
          <code className="crypto-address__value" data-testid="crypto-wallet">
            {address}
          </code>
          <CopyButton text={address} label="Copy address" />
        </div>
        {promo && (
          <p className="crypto-promo" data-testid="crypto-promo">
            Promo code <strong>{promo.code}</strong> applies to your next transfer to this address.
          </p>
        )}
        <div className="crypto-minimum">
          Minimum deposit: <strong>{CRYPTO_MINIMUM_USD} USD</strong>
        </div>
        <p className="crypto-warning" role="note">
          <TriangleAlert size={16} aria-hidden /> If you send less than {CRYPTO_MINIMUM_USD} USD, the funds will be lost and cannot be refunded.
        </p>
      </div>
    );
  }

  return (
    <div className="deposit-form" data-testid="crypto-form">
      <ul className="crypto-list" role="listbox" aria-label="Currency">
        {options.map((o) => {
          const meta = cryptoCurrency(o.currency);
          return (
            <li key={o.currency}>
              <button type="button" role="option" aria-selected={selected === o.currency} className={`crypto-option${selected === o.currency ? ' crypto-option--active' : ''}`} onClick={() => setSelected(o.currency)}>
                <CryptoIcon currency={o.currency} />
                <span className="crypto-option__name">
                  {o.currency}
                  <small>{meta?.name}</small>
                </span>
                {meta?.network && <span className="crypto-network">{meta.network}</span>}
              </button>
            </li>
          );
        })}
      </ul>
      <PromoCodeField amount={null} />
      <Button variant="primary" size="large" block disabled={!selected} loading={busy} onClick={next}>
        Next
      </Button>
    </div>
  );
}
