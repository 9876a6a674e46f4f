import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LoginForm } from '../../src/features/auth/LoginForm.tsx';
import { scriptFetch, type SentCall, type FakeAnswer } from './fakeApi.ts';

// The login form shows the configured challenge once the password grant answers
// `captcha_required`, and sends its solved token as g-recaptcha-response with the next attempt
// (docs/security.md). The server is scripted at the network edge (the browser's fetch); the
// provider's script cannot load here, so the test plays it: once the form has added the script
// tag, it defines the provider's explicit-render API and fires the tag's load event.

const sent: Array<Record<string, string>> = [];
let restoreFetch: () => void;

function answer({ url, body }: SentCall): FakeAnswer {
  if (url === '/api/config') {
    return { status: 200, data: { oauth: { client_id: '2', client_secret: 's' }, captcha: { provider: 'none', site_key: '' }, login_captcha: { provider: 'turnstile', site_key: 'login-site' }, social_providers: [] } };
  }
  const grant = body as Record<string, string>;
  sent.push(grant);
  if (grant['g-recaptcha-response'] === 'solved-token' && grant.password === 'secret1') {
    return { status: 200, data: { token_type: 'Bearer', expires_in: 3600, access_token: 'access', refresh_token: 'refresh' } };
  }
  return { status: 400, data: { error: 'invalid_grant', error_description: 'The user credentials were incorrect.', message: 'The user credentials were incorrect.', captcha_required: true } };
}

beforeEach(() => {
  restoreFetch = scriptFetch(answer);
});
afterEach(() => {
  restoreFetch();
  delete window.turnstile;
});

describe('login challenge in the login form', () => {
  it('appears after the server asks for it and its token goes with the next attempt', async () => {
    const user = userEvent.setup();
    render(<LoginForm />);
    await user.type(screen.getByPlaceholderText('Email'), 'owner@example.com');
    await user.type(screen.getByPlaceholderText('Password'), 'wrong-pass');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    const script = await waitFor(() => {
      const el = document.head.querySelector<HTMLScriptElement>('script[src^="https://challenges.cloudflare.com/turnstile/v0/api.js"]');
      expect(el).not.toBeNull();
      return el!;
    });
    expect(sent[0]!['g-recaptcha-response']).toBeUndefined();
    expect(document.querySelector('[data-provider="turnstile"]')).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Login' })).toHaveProperty('disabled', true);

    // The provider's script arrives: the form renders the widget with the site key.
    const widgets: Array<{ sitekey: string; callback(token: string): void }> = [];
    window.turnstile = {
      render: (_el, options) => {
        widgets.push(options);
        return `widget-${widgets.length}`;
      },
      remove: () => undefined,
    };
    act(() => script.dispatchEvent(new Event('load')));
    await waitFor(() => expect(widgets).toHaveLength(1));
    expect(widgets[0]!.sitekey).toBe('login-site');

    act(() => widgets[0]!.callback('solved-token'));
    const password = screen.getByPlaceholderText('Password');
    await user.clear(password);
    await user.type(password, 'secret1');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Login' })).toHaveProperty('disabled', false));
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toMatchObject({ grant_type: 'password', username: 'owner@example.com', password: 'secret1', 'g-recaptcha-response': 'solved-token' });
  });
});
