import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { apiErrorText } from '../../api/http.ts';
import { toast } from '../../components/Toasts.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { Button } from '../../components/Button.tsx';
import { Coins } from '../../components/Coin.tsx';
import { formatDay, plural } from '../../format/format.ts';
import { DetailsForm } from '../../features/kyc/DetailsForm.tsx';
import { call } from '../../api/call.ts';
import { kycStart, kycStatus } from '../../../core/protocol/routes/kyc.ts';
import { KYC_LEVEL_TITLES, KYC_WINDOW_DAYS, type KycStatus } from '../../../core/protocol/kyc.ts';
import '../../features/kyc/kyc.css';

// /profile/verification (docs/kyc.md): the player's level and what it lets them withdraw in 30 days,
// their personal details (level 1) and the document check at the KYC provider (level 2): started
// here, done on the provider's page, reviewed by the shop; a rejection says why and may be redone.

function DocumentCheck({ status }: { status: KycStatus }) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const application = status.application;
  if (status.level === 2) return <p className="kyc__done">Your identity is verified.</p>;
  if (status.level === 0) return <p className="kyc__note">Save your personal details first.</p>;
  if (application?.status === 'pending') return <p className="kyc__note">Your documents are being reviewed. We will let you know in your notifications.</p>;
  const start = async () => {
    setBusy(true);
    try {
      const { data } = await call(kycStart, {});
      await navigate(data.redirect_url);
    } catch (error) {
      toast.error(apiErrorText(error));
      setBusy(false);
    }
  };
  return (
    <>
      {application?.status === 'rejected' && (
        <p className="kyc__error" role="status">
          Your documents could not be approved: {application.note}
        </p>
      )}
      <p className="kyc__note">An identity document (passport, ID card or driving licence) and a proof of address of the last 3 months, uploaded at our verification partner.</p>
      <Button onClick={() => void start()} loading={busy}>
        {application?.status === 'rejected' ? 'Upload documents again' : application?.status === 'started' ? 'Continue verification' : 'Verify identity'}
      </Button>
    </>
  );
}

export default function VerificationPage() {
  const [status, setStatus] = useState<KycStatus | null>(null);
  const load = useCallback(async () => {
    try {
      setStatus((await call(kycStatus, {})).data);
    } catch (error) {
      toast.error(apiErrorText(error));
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  if (!status) return <Spinner size={32} />;
  return (
    <div className="kyc">
      <h2>Verification</h2>
      <section className="kyc__section" aria-labelledby="kyc-level">
        <div className="kyc__level">
          <h3 id="kyc-level">{KYC_LEVEL_TITLES[status.level]}</h3>
          {status.limit === null ? (
            <span className="kyc__note">No verification limit on withdrawals.</span>
          ) : (
            <span className="kyc__note" data-testid="kyc-limit">
              Withdrawals up to <Coins value={status.limit} /> in {plural(KYC_WINDOW_DAYS, 'day')}; <Coins value={status.used} /> used.
            </span>
          )}
        </div>
      </section>
      <section className="kyc__section" aria-labelledby="kyc-details">
        <h3 id="kyc-details">Level 1: personal details</h3>
        {status.level === 2 && status.details ? (
          <p className="kyc__note">
            {status.details.full_name}, born {formatDay(status.details.birth_date)}, {new Intl.DisplayNames(['en-US'], { type: 'region' }).of(status.details.country)}. Verified: ask support to change them.
          </p>
        ) : (
          <DetailsForm details={status.details} onSaved={setStatus} />
        )}
      </section>
      <section className="kyc__section" aria-labelledby="kyc-documents">
        <h3 id="kyc-documents">Level 2: identity documents</h3>
        <DocumentCheck status={status} />
      </section>
    </div>
  );
}
