import { afterEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { gatedPage } from '../../src/features/killSwitches/SwitchedOff.tsx';
import { scriptFetch, type SentCall } from './fakeApi.ts';

// A game page behind its kill switch (src/app/routes.tsx wraps each in gatedPage): the switch's
// message in its place while it is off; while it is on, the answer that says so renders nothing
// again (the whole page would render a second time on every load). The server is the network's edge.

let restoreFetch = () => {};
afterEach(() => restoreFetch());

describe('a gated game page', () => {
  it('shows the message of a switched-off game, and a game left on renders once', async () => {
    const calls: SentCall[] = [];
    restoreFetch = scriptFetch((call) => {
      calls.push(call);
      return { status: 200, data: { data: [{ key: 'dice', message: 'Dice is resting.' }] } };
    });
    let plinkoRenders = 0;
    const Dice = gatedPage('dice', () => <p>dice</p>);
    const Plinko = gatedPage('plinko', () => {
      plinkoRenders++;
      return <p>plinko</p>;
    });
    render(
      <>
        <Dice />
        <Plinko />
      </>,
    );
    // Both read the one answer: once the dice page shows its message, the plinko page has had it too.
    expect(await screen.findByText('Dice is resting.')).toBeTruthy();
    expect(screen.queryByText('dice')).toBeNull();
    expect(screen.getByText('plinko')).toBeTruthy();
    expect(calls.map((call) => call.url)).toEqual(['/api/kill-switches']);
    expect(plinkoRenders).toBe(1);
  });
});
