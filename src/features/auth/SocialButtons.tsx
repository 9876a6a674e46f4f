import { useEffect, useState } from 'react';
import { Button } from '../../components/Button.tsx';
import { Checkbox } from '../../components/Checkbox.tsx';
import { publicConfig } from '../../api/publicConfig.ts';
import { confirmSocialTerms, socialTermsConfirmed } from './socialTerms.ts';
import { TermsLabel } from './TermsLabel.tsx';
import messages from './i18n/en-US.json';
import { translator } from '../../i18n/i18n.ts';

const t = translator(messages);

// Google, Facebook, Steam (docs/product.md §2). Each is a browser navigation to the API's
// /social/{provider}/redirect. A provider the server has not enabled stays a button that says why
// when pressed (a greyed button that does nothing leaves the player guessing). The first time on a
// device the player confirms the terms and 18+ here before leaving for the provider.
const PROVIDERS = [
  { id: 'google', label: 'Google', mark: 'G' },
  { id: 'facebook', label: 'Facebook', mark: 'f' },
  { id: 'steam', label: 'Steam', mark: 'S' },
] as const;

export function SocialButtons() {
  const [enabled, setEnabled] = useState<string[] | null>(null);
  const [asking, setAsking] = useState<(typeof PROVIDERS)[number] | null>(null);
  const [ticked, setTicked] = useState(false);
  const [unavailable, setUnavailable] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    publicConfig().then(
      (c) => live && setEnabled(c.social_providers),
      () => live && setEnabled([]),
    );
    return () => {
      live = false;
    };
  }, []);
  return (
    <div className="auth-social">
      <span className="auth-social__title">{t('orContinueWith')}</span>
      <div className="auth-social__buttons">
        {PROVIDERS.map((p) =>
          enabled?.includes(p.id) ? (
            <a
              key={p.id}
              className={`auth-social__button auth-social__button--${p.id}`}
              href={`/social/${p.id}/redirect`}
              onClick={(event) => {
                if (socialTermsConfirmed()) return;
                event.preventDefault();
                setUnavailable(null);
                setAsking(p);
              }}
            >
              <span className="auth-social__mark" aria-hidden>
                {p.mark}
              </span>
              {p.label}
            </a>
          ) : (
            <button
              key={p.id}
              type="button"
              className={`auth-social__button auth-social__button--${p.id} auth-social__button--off`}
              aria-describedby={unavailable === p.label ? 'auth-social-reason' : undefined}
              onClick={() => {
                setAsking(null);
                setUnavailable(p.label);
              }}
            >
              <span className="auth-social__mark" aria-hidden>
                {p.mark}
              </span>
              {p.label}
            </button>
          ),
        )}
      </div>
      {unavailable && (
        <p className="auth-social__reason" id="auth-social-reason" role="status">
          {t('socialUnavailable', { provider: unavailable })}
        </p>
      )}
      {asking && (
        <div className="auth-social__terms" role="group" aria-label={t('confirmToContinue')}>
          <Checkbox label={<TermsLabel />} checked={ticked} onChange={(e) => setTicked(e.target.checked)} />
          <Button
            block
            disabled={!ticked}
            onClick={() => {
              confirmSocialTerms();
              location.assign(`/social/${asking.id}/redirect`);
            }}
          >
            {t('continueWith', { provider: asking.label })}
          </Button>
        </div>
      )}
    </div>
  );
}
