import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SocialButtons } from '../../src/features/auth/SocialButtons.tsx';
import { fakeApi } from './fakeApi.ts';

// The auth modal's Google, Facebook and Steam buttons (docs/accounts.md): a provider the site has set up
// is a link to its sign-in; one it has not says why when pressed, instead of sitting greyed and silent.
const server = fakeApi();
beforeAll(() => server.install({ '/api/config': () => ({ status: 200, data: { social_providers: ['google'] } }) }));
afterAll(() => server.restore());

describe('social buttons', () => {
  it('a provider this site has not set up says why on press and goes nowhere', async () => {
    const user = userEvent.setup();
    render(<SocialButtons />);
    expect(await screen.findByRole('link', { name: 'Google' })).toHaveProperty('href', `${location.origin}/social/google/redirect`);
    await user.click(screen.getByRole('button', { name: 'Facebook' }));
    expect(screen.getByRole('status')).toHaveProperty('textContent', 'Facebook sign-in is not available on this site yet. Please sign up with your email.');
    await user.click(screen.getByRole('button', { name: 'Steam' }));
    expect(screen.getByRole('status')).toHaveProperty('textContent', 'Steam sign-in is not available on this site yet. Please sign up with your email.');
    expect(location.pathname).toBe('/');
  });

  it('the confirmation before a provider links the Terms of Service (a new tab, the modal stays)', async () => {
    const user = userEvent.setup();
    localStorage.clear();
    render(<SocialButtons />);
    await user.click(await screen.findByRole('link', { name: 'Google' }));
    const terms = screen.getByRole('link', { name: 'Terms of Service' });
    expect(terms.getAttribute('href')).toBe('/terms-of-service');
    expect(terms.getAttribute('target')).toBe('_blank');
  });
});
