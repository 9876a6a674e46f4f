import { publicConfig } from '../../api/publicConfig.ts';

// The captcha token a form sends as g-recaptcha-response. With the 'none' provider it is the empty
// string; with reCAPTCHA v3 the script loads on first use only (never when not configured) and
// each call runs the score-based check for its named action.

interface Grecaptcha {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: string }): Promise<string>;
}

declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
  }
}

export const CAPTCHA_NOT_LOADED = 'ReCaptcha not loaded';

let script: Promise<Grecaptcha> | null = null;

function loadRecaptcha(siteKey: string): Promise<Grecaptcha> {
  script ??= new Promise<Grecaptcha>((resolve, reject) => {
    const el = document.createElement('script');
    el.src = `https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(siteKey)}&badge=bottomleft`;
    el.async = true;
    el.onload = () => (window.grecaptcha ? window.grecaptcha.ready(() => resolve(window.grecaptcha!)) : reject(new Error(CAPTCHA_NOT_LOADED)));
    el.onerror = () => {
      script = null;
      reject(new Error(CAPTCHA_NOT_LOADED));
    };
    document.head.appendChild(el);
  });
  return script;
}

export async function captchaToken(action: string): Promise<string> {
  const config = await publicConfig();
  if (config.captcha.provider !== 'recaptcha' || !config.captcha.site_key) return '';
  const grecaptcha = await loadRecaptcha(config.captcha.site_key);
  return grecaptcha.execute(config.captcha.site_key, { action });
}
