import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { IdCard } from 'lucide-react';
import { apiErrorText } from '../../api/http.ts';
import { Button } from '../../components/Button.tsx';
import { toast } from '../../components/toast.tsx';
import { call } from '../../api/call.ts';
import { sandboxKyc, sandboxKycSubmit, sandboxKycUpload } from '../../../core/protocol/routes/kyc.ts';
import { KYC_CONTENT_TYPES, KYC_DOCUMENT_KINDS, KYC_DOCUMENT_TITLES, type SandboxApplicantSchema } from '../../../core/protocol/kyc.ts';
import type { z } from 'zod';
import './sandbox.css';
import '../../features/kyc/kyc.css';

// The sandbox KYC provider's upload page (docs/kyc.md, "Sandbox"), standing in for a provider's
// hosted verification: the two documents, each uploaded as it is chosen (the provider keeps them),
// then "Submit for review", after which the provider's signed callback puts the check in the shop's
// review queue and the player goes back to their verification page.

type Applicant = z.infer<typeof SandboxApplicantSchema>;
type Kind = (typeof KYC_DOCUMENT_KINDS)[number];

/** The file's bytes as base64 (the upload's body is JSON). */
function base64Of(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsDataURL(file);
  });
}

export default function SandboxKycPage() {
  const { applicantId = '' } = useParams();
  const navigate = useNavigate();
  const [applicant, setApplicant] = useState<Applicant | null>(null);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState<Kind | 'submit' | null>(null);

  useEffect(() => {
    call(sandboxKyc, { params: { applicantId } })
      .then((r) => setApplicant(r.data))
      .catch((e: unknown) => {
        setFailed(true);
        toast.error(apiErrorText(e));
      });
  }, [applicantId]);

  const upload = async (kind: Kind, file: File | undefined) => {
    if (!file) return;
    const contentType = KYC_CONTENT_TYPES.find((t) => t === file.type);
    if (!contentType) return toast.error('Upload a PNG or JPEG picture or a PDF.');
    setBusy(kind);
    try {
      setApplicant((await call(sandboxKycUpload, { params: { applicantId }, body: { kind, content_type: contentType, data: await base64Of(file) } })).data);
    } catch (e) {
      toast.error(apiErrorText(e));
    } finally {
      setBusy(null);
    }
  };

  const submit = async () => {
    setBusy('submit');
    try {
      toast.success((await call(sandboxKycSubmit, { params: { applicantId } })).msg);
      await navigate('/profile/verification');
    } catch (e) {
      toast.error(apiErrorText(e));
      setBusy(null);
    }
  };

  const has = (kind: Kind) => applicant?.documents.some((d) => d.kind === kind) ?? false;
  return (
    <div className="sandbox-checkout">
      <div className="sandbox-checkout__card">
        <div className="sandbox-checkout__brand">
          <IdCard size={22} aria-hidden /> Sandbox identity check
        </div>
        {failed && <p>Verification not found.</p>}
        {applicant && applicant.status !== 'started' && <p className="sandbox-checkout__status">Your documents were submitted.</p>}
        {applicant?.status === 'started' && (
          <>
            <div className="kyc__documents">
              {KYC_DOCUMENT_KINDS.map((kind) => (
                <div key={kind} className="kyc__document">
                  <label htmlFor={`kyc-${kind}`}>{KYC_DOCUMENT_TITLES[kind]}</label>
                  <input id={`kyc-${kind}`} type="file" accept={KYC_CONTENT_TYPES.join(',')} disabled={busy !== null} onChange={(e) => void upload(kind, e.currentTarget.files?.[0])} />
                  <span className={`kyc__document-state${has(kind) ? ' kyc__document-state--ready' : ''}`} data-testid={`kyc-${kind}-state`}>
                    {busy === kind ? 'Uploading…' : has(kind) ? 'Uploaded' : 'Not uploaded yet'}
                  </span>
                </div>
              ))}
            </div>
            <Button variant="primary" size="large" block loading={busy === 'submit'} disabled={busy !== null || !KYC_DOCUMENT_KINDS.every(has)} onClick={() => void submit()}>
              Submit for review
            </Button>
          </>
        )}
        <p className="sandbox-checkout__note">No real check happens: this page stands in for the verification provider. Documents are kept privately for the review.</p>
      </div>
    </div>
  );
}
