import { useEffect, useRef } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import type { SocialHandleQuery } from '../../../core/protocol/auth.ts';
import { Spinner } from '../../components/Spinner.tsx';
import { loginWithSocial } from '../../features/auth/signIn.ts';
import '../../features/auth/auth.css';
import { callResponse } from '../../api/call.ts';
import { socialHandle } from '../../../core/protocol/routes/account.ts';
import messages from './i18n/en-US.json';
import { translator } from '../../i18n/i18n.ts';

const t = translator(messages);

// /auth/{provider}?code=… (docs/product.md §2): the provider sent the browser back here. Exchange the code
// for the provider's token (GET /social/handle), sign in with grant_type social, then go home.
// With two-factor sign-in on, the grant asks for a code: the login modal opens at its code step
// (authSession.ts) over the home page. Failures only log (docs/product.md §8).
export default function SocialCallbackPage() {
  const { provider = '' } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return; // StrictMode runs effects twice; a code works once
    started.current = true;
    const code = params.get('code');
    const state = params.get('state');
    void (async () => {
      try {
        if (!code) throw new Error(params.get('error') ?? 'no code');
        const query: SocialHandleQuery = { provider, code, ...(state ? { state } : {}) };
        const res = await callResponse(socialHandle, { query });
        await loginWithSocial(res.data.provider, res.data.provider_access_token);
      } catch (error) {
        console.warn('social sign-in failed', error);
      }
      await navigate('/', { replace: true });
    })();
  }, [provider, params, navigate]);

  return (
    <section className="auth-page" aria-busy="true">
      <h1>{t('signingIn')}</h1>
      <Spinner size={32} />
    </section>
  );
}
