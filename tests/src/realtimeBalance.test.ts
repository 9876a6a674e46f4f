import { beforeEach, describe, expect, it } from 'vitest';
import { useAnimation } from '../../src/stores/animation.ts';
import { useSession } from '../../src/stores/session.ts';
import type { User } from '../../core/protocol/user.ts';

// Spec §4: a balance notification arriving while a game animation flag is active is held; when
// the flag ends the held balance is applied if it differs and is nonzero; otherwise at once.

const user: User = { id: 7, name: 'P', email: 'p@example.com', avatar_url: null, verified: true, balance: 10, user_level: { level: 1, value: 0, from: 0, to: 100 } };
const balance = () => useSession.getState().user?.balance;

describe('balance hold rule', () => {
  beforeEach(() => {
    useSession.setState({ user: { ...user } });
    useAnimation.setState({ active: false, running: 0, heldBalance: null, heldDrops: [] });
  });

  it('applies a balanceUpdated at once when no animation runs', () => {
    useAnimation.getState().receiveBalance(12.5);
    expect(balance()).toBe(12.5);
  });

  it('holds it while the flag is up and applies the newest when the flag ends', () => {
    const a = useAnimation.getState();
    a.begin();
    a.receiveBalance(8);
    a.receiveBalance(33.75);
    expect(balance()).toBe(10);
    a.end();
    expect(balance()).toBe(33.75);
    expect(useAnimation.getState().heldBalance).toBeNull();
  });

  it('keeps holding until the last of overlapping animations ends', () => {
    const a = useAnimation.getState();
    a.begin();
    a.begin();
    a.receiveBalance(20);
    a.end();
    expect(balance()).toBe(10);
    expect(useAnimation.getState().active).toBe(true);
    a.end();
    expect(balance()).toBe(20);
  });

  it('does not apply a held zero balance', () => {
    const a = useAnimation.getState();
    a.begin();
    a.receiveBalance(0);
    a.end();
    expect(balance()).toBe(10);
  });

  it('does not re-apply a held balance equal to the shown one (a bet response already set it)', () => {
    const a = useAnimation.getState();
    a.begin();
    a.receiveBalance(15);
    useSession.getState().setBalance(15);
    let writes = 0;
    const stop = useSession.subscribe(() => (writes += 1));
    a.end();
    stop();
    expect(balance()).toBe(15);
    expect(writes).toBe(0);
  });

  it('ignores an unmatched end', () => {
    useAnimation.getState().end();
    expect(useAnimation.getState()).toMatchObject({ active: false, running: 0 });
  });
});
