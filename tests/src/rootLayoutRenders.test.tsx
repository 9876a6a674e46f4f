import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { scriptFetch } from './fakeApi.ts';

// The shell renders once when a page loads: the moment the first page has loaded (which fades the
// loading overlay and lifts a prerendered page's mark) is read by the overlay alone, not by the layout,
// whose render takes the header, the drops, the footer and the bars with it (on every page load a
// second render of all of them, in one blocking task on a phone). The header counts the layout's
// renders here; the realtime connection is the network's edge and stays off.

const renders = vi.hoisted(() => ({ header: 0 }));
vi.mock('../../src/app/layout/Header.tsx', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  Header: () => {
    renders.header++;
    return null;
  },
}));
vi.mock('../../src/realtime/RealtimeBridge.tsx', () => ({ RealtimeBridge: () => null }));

const { RootLayout } = await import('../../src/app/RootLayout.tsx');

let restoreFetch: () => void;
beforeEach(() => {
  restoreFetch = scriptFetch(() => ({ status: 404, data: { message: 'Not found.' } }));
});
afterEach(() => restoreFetch());

describe('the root layout', () => {
  it('renders once while its first page loads and the loading overlay fades', async () => {
    const router = createMemoryRouter([{ path: '/', element: <RootLayout />, children: [{ index: true, element: <p>the page</p> }] }]);
    render(<RouterProvider router={router} />);
    await screen.findByText('the page');
    await waitFor(() => expect(screen.queryByTestId('loading-overlay')).toBeNull());
    expect(renders.header).toBe(1);
  });
});
