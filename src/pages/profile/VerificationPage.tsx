import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { apiErrorText } from '../../api/http.ts';
import { toast } from '../../components/toast.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { Button } from '../../components/Button.tsx';
import { Coins } from '../../components/Coin.tsx';
import { formatDay } from '../../format/format.ts';
import { DetailsForm } from '../../features/kyc/DetailsForm.tsx';
import { call } from '../../api/call.ts';
import { kycStart, kycStatus } from '../../../core/protocol/routes/kyc.ts';
import { KYC_WINDOW_DAYS, type KycLevel, type KycStatus } from '../../../core/protocol/kyc.ts';
import '../../features/kyc/kyc.css';
import { richText } from '../../i18n/richText.tsx';
import { currentLocale, translator } from '../../i18n/i18n.ts';
import messages from './i18n/en-US.json';

const t = translator(messages);
const LEVEL_TITLES: Record<KycLevel, keyof typeof messages> = { 0: 'kycLevel0', 1: 'kycLevel1', 2: 'kycLevel2' };

// /profile/verification (docs/kyc.md): the player's level and what it lets them withdraw in 30 days,
// their personal details (level 1) and the document check at the KYC provider (level 2): started
// here, done on the provider's page, reviewed by the shop; a rejection says why and may be redone.

function DocumentCheck({ status }: { status: KycStatus }) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const application = status.application;
  if (status.level === 2) return <p className="kyc__done">{t('identityVerified')}</p>;
  if (status.level === 0) return <p className="kyc__note">{t('saveDetailsFirst')}</p>;
  if (application?.status === 'pending') return <p className="kyc__note">{t('documentsInReview')}</p>;
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
          {t('documentsRejected', { note: application.note ?? '' })}
        </p>
      )}
      <p className="kyc__note">{t('documentsNeeded')}</p>
      <Button onClick={() => void start()} loading={busy}>
        {t(application?.status === 'rejected' ? 'uploadAgain' : application?.status === 'started' ? 'continueVerification' : 'verifyIdentity')}
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
      <h2>{t('navVerification')}</h2>
      <section className="kyc__section" aria-labelledby="kyc-level">
        <div className="kyc__level">
          <h3 id="kyc-level">{t(LEVEL_TITLES[status.level])}</h3>
          {status.limit === null ? (
            <span className="kyc__note">{t('noKycLimit')}</span>
          ) : (
            <span className="kyc__note" data-testid="kyc-limit">
              {richText(t, 'kycLimit', { limit: <Coins value={status.limit} />, used: <Coins value={status.used} /> }, { days: KYC_WINDOW_DAYS })}
            </span>
          )}
        </div>
      </section>
      <section className="kyc__section" aria-labelledby="kyc-details">
        <h3 id="kyc-details">{t('kycDetailsTitle')}</h3>
        {status.level === 2 && status.details ? (
          <p className="kyc__note">
            {t('detailsVerified', {
              name: status.details.full_name,
              birthDate: formatDay(status.details.birth_date),
              country: new Intl.DisplayNames([currentLocale()], { type: 'region' }).of(status.details.country) ?? '',
            })}
          </p>
        ) : (
          <DetailsForm details={status.details} onSaved={setStatus} />
        )}
      </section>
      <section className="kyc__section" aria-labelledby="kyc-documents">
        <h3 id="kyc-documents">{t('kycDocumentsTitle')}</h3>
        <DocumentCheck status={status} />
      </section>
    </div>
  );
}
