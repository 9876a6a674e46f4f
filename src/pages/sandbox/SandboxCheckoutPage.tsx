import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ShieldCheck } from 'lucide-react';
import { apiErrorText } from '../../api/http.ts';
import { Button } from '../../components/Button.tsx';
import { Coins } from '../../components/Coin.tsx';
import { TextInput } from '../../components/TextInput.tsx';
import { toast } from '../../components/toast.tsx';
import { loadProfile } from '../../features/auth/authSession.ts';
import { sandboxReturnPath } from '../../features/deposit/depositReturn.ts';
import { GATEWAY_TITLES, PAYMENT_STATUSES, type SandboxCompleteRequest, type SandboxInvoice } from '../../../core/protocol/deposit.ts';
import '../../features/deposit/deposit.css';
import './sandbox.css';
import { callResponse } from '../../api/call.ts';
import { sandboxCheckout, sandboxCheckoutComplete } from '../../../core/protocol/routes/payments.ts';

// The sandbox provider's checkout (the default without gateway keys): the amount, Pay and Decline.
// Both call POST /api/sandbox/checkout/{id}/complete, which delivers a signed callback through
// the real callback pipeline. Then the player goes back to the page they came from (`return_to`,
// else `/`) and the profile (balance) is refetched, so the header shows it without a reload.
export default function SandboxCheckoutPage() {
  const { invoiceId } = useParams();
  const navigate = useNavigate();
  const [invoice, setInvoice] = useState<SandboxInvoice | null>(null);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState<'paid' | 'rejected' | null>(null);
  // What pays, as a provider's page asks for it: a test card (any number; a new one each visit, so
  // two players never share one unless a tester types it) or the Steam account trading the skins.
  const [payer, setPayer] = useState(() => ({ card_number: `4242 4242 ${String(Math.floor(Math.random() * 1e8)).padStart(8, '0').replace(/(\d{4})(\d{4})/, '$1 $2')}`, steam_id: `7656119${String(Math.floor(Math.random() * 1e10)).padStart(10, '0')}` }));

  useEffect(() => {
    callResponse(sandboxCheckout, { params: { invoiceId: invoiceId ?? '' } })
      .then((r) => setInvoice(r.data.data))
      .catch((e: unknown) => {
        setFailed(true);
        toast.error(apiErrorText(e));
      });
  }, [invoiceId]);

  const complete = async (status: SandboxCompleteRequest['status']) => {
    setBusy(status);
    try {
      const body: SandboxCompleteRequest = { status, ...(invoice?.gateway === 'zen' && { card_number: payer.card_number }), ...(invoice?.gateway === 'skinsback' && { steam_id: payer.steam_id }) };
      const res = await callResponse(sandboxCheckoutComplete, { params: { invoiceId: invoiceId ?? '' }, body });
      if (res.data.status === 'paid') toast.success(res.data.msg);
      else toast.info(res.data.msg);
      await loadProfile();
      await navigate(sandboxReturnPath(window.location.search));
    } catch (e) {
      toast.error(apiErrorText(e));
      setBusy(null);
    }
  };

  return (
    <div className="sandbox-checkout">
      <div className="sandbox-checkout__card">
        <div className="sandbox-checkout__brand">
          <ShieldCheck size={22} aria-hidden /> Sandbox checkout
        </div>
        {failed && <p>Payment not found.</p>}
        {invoice && (
          <>
            <p className="sandbox-checkout__what">
              {GATEWAY_TITLES[invoice.gateway]} deposit #{invoice.id}
            </p>
            <div className="sandbox-checkout__amount" data-testid="sandbox-amount">
              <Coins value={invoice.amount} />
            </div>
            {invoice.status === 'new' && invoice.gateway === 'zen' && (
              <TextInput small label="Card number" inputMode="numeric" autoComplete="cc-number" value={payer.card_number} onChange={(e) => setPayer({ ...payer, card_number: e.currentTarget.value })} />
            )}
            {invoice.status === 'new' && invoice.gateway === 'skinsback' && (
              <TextInput small label="Steam account (SteamID64)" inputMode="numeric" value={payer.steam_id} onChange={(e) => setPayer({ ...payer, steam_id: e.currentTarget.value })} />
            )}
            {invoice.status !== 'new' ? (
              <p className="sandbox-checkout__status">{PAYMENT_STATUSES[invoice.status].title}</p>
            ) : (
              <div className="sandbox-checkout__actions">
                <Button variant="primary" size="large" block loading={busy === 'paid'} disabled={busy !== null} onClick={() => complete('paid')}>
                  Pay
                </Button>
                <Button variant="secondary" size="large" block loading={busy === 'rejected'} disabled={busy !== null} onClick={() => complete('rejected')}>
                  Decline
                </Button>
              </div>
            )}
            <p className="sandbox-checkout__note">No real money moves: this page stands in for the payment provider.</p>
          </>
        )}
      </div>
    </div>
  );
}
