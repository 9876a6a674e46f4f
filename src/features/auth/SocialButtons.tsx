import { useEffect, useState } from 'react';
import { publicConfig } from './publicConfig.ts';

// Google, Facebook, Steam (spec §2). Each is a browser navigation to the API's
// /social/{provider}/redirect; a provider the server has not enabled is shown disabled.
const PROVIDERS = [
  { id: 'google', label: 'Google', mark: 'G' },
  { id: 'facebook', label: 'Facebook', mark: 'f' },
  { id: 'steam', label: 'Steam', mark: 'S' },
] as const;

export function SocialButtons() {
  const [enabled, setEnabled] = useState<string[] | null>(null);
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
      <span className="auth-social__title">Or continue with</span>
      <div className="auth-social__buttons">
        {PROVIDERS.map((p) =>
          enabled?.includes(p.id) ? (
            <a key={p.id} className={`auth-social__button auth-social__button--${p.id}`} href={`/social/${p.id}/redirect`}>
              <span className="auth-social__mark" aria-hidden>
                {p.mark}
              </span>
              {p.label}
            </a>
          ) : (
            <span key={p.id} className={`auth-social__button auth-social__button--${p.id} auth-social__button--off`} aria-disabled="true" title="Not available">
              <span className="auth-social__mark" aria-hidden>
                {p.mark}
              </span>
              {p.label}
            </span>
          ),
        )}
      </div>
    </div>
  );
}
