import { useEffect, useRef, useState } from 'react';
import type { LoginCaptchaProvider } from '../../../core/protocol/config.ts';
import { CAPTCHA_NOT_LOADED } from './captcha.ts';
import messages from './i18n/en-US.json';
import { translator } from '../../i18n/i18n.ts';

const t = translator(messages);

// The login challenge's widget (docs/security.md, lock-out policy): shown once the server answers
// `captcha_required`, from the provider and site key of GET /api/config. Cloudflare Turnstile and
// hCaptcha share the explicit-render API (render into an element with a sitekey and callbacks,
// remove); the script loads on first use only. The solved token goes up through onToken, and ''
// when it expires or fails, since a token is good for one attempt.

interface ChallengeApi {
  render(container: HTMLElement, options: { sitekey: string; callback(token: string): void; 'expired-callback'(): void; 'error-callback'(): void }): string;
  remove(widgetId: string): void;
}

declare global {
  interface Window {
    turnstile?: ChallengeApi;
    hcaptcha?: ChallengeApi;
  }
}

type ChallengeProvider = Exclude<LoginCaptchaProvider, 'none'>;

const SCRIPTS: Record<ChallengeProvider, { src: string; api: () => ChallengeApi | undefined }> = {
  turnstile: { src: 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit', api: () => window.turnstile },
  hcaptcha: { src: 'https://js.hcaptcha.com/1/api.js?render=explicit', api: () => window.hcaptcha },
};

const loading = new Map<ChallengeProvider, Promise<ChallengeApi>>();

function loadChallenge(provider: ChallengeProvider): Promise<ChallengeApi> {
  const known = loading.get(provider);
  if (known) return known;
  const { src, api } = SCRIPTS[provider];
  const promise = new Promise<ChallengeApi>((resolve, reject) => {
    const el = document.createElement('script');
    el.src = src;
    el.async = true;
    el.onload = () => {
      const loaded = api();
      if (loaded) resolve(loaded);
      else reject(new Error(CAPTCHA_NOT_LOADED));
    };
    el.onerror = () => {
      loading.delete(provider); // the next attempt tries again
      reject(new Error(CAPTCHA_NOT_LOADED));
    };
    document.head.appendChild(el);
  });
  loading.set(provider, promise);
  return promise;
}

export function LoginChallenge({ provider, siteKey, onToken }: { provider: ChallengeProvider; siteKey: string; onToken: (token: string) => void }) {
  const container = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  // The latest callback without re-rendering the widget when the parent re-renders.
  const tokenTo = useRef(onToken);
  useEffect(() => {
    tokenTo.current = onToken;
  });

  useEffect(() => {
    let widget: { api: ChallengeApi; id: string } | null = null;
    let live = true;
    loadChallenge(provider).then(
      (api) => {
        if (!live || !container.current) return;
        const id = api.render(container.current, {
          sitekey: siteKey,
          callback: (token) => tokenTo.current(token),
          'expired-callback': () => tokenTo.current(''),
          'error-callback': () => tokenTo.current(''),
        });
        widget = { api, id };
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
      if (widget) widget.api.remove(widget.id);
    };
  }, [provider, siteKey]);

  return (
    <div className="auth-form__challenge" data-provider={provider}>
      <div ref={container} />
      {failed && <p className="auth-form__challenge-error">{t('captchaNotLoaded')}</p>}
    </div>
  );
}
