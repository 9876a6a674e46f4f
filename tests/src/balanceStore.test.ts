import { beforeEach, describe, expect, it } from 'vitest';
import { useAnimation } from '../../src/stores/animation.ts';
import { useBalance } from '../../src/stores/balance.ts';
import { useSession } from '../../src/stores/session.ts';

// The shown balance's one owner (src/stores/balance.ts): the newest version wins whatever order
// balances arrive in; while the animation flag is up what is shown stays (docs/product.md §4) except
// what a page shows of its own answers (showUpTo); when the last scene ends the newest shows.

const shown = () => useBalance.getState().shown;
const receive = (coins: number, version: number) => useBalance.getState().receive({ coins, version });

beforeEach(() => {
  useBalance.setState({ shown: null, newest: null, held: [], playing: false });
  useAnimation.setState({ active: false, running: 0, heldDrops: [] });
  receive(10, 1);
});

describe('the balance store', () => {
  it('shows a balance at once when no scene plays, and never an older version after a newer one', () => {
    receive(12.5, 3);
    expect(shown()).toEqual({ coins: 12.5, version: 3 });
    receive(11, 2); // an answer that arrives after a later commit's event
    expect(shown()).toEqual({ coins: 12.5, version: 3 });
    receive(9, 3); // the same version again (answer and event of one commit)
    expect(shown()).toEqual({ coins: 12.5, version: 3 });
  });

  it('holds while the flag is up and shows the newest when it ends', () => {
    const a = useAnimation.getState();
    a.begin();
    receive(33.75, 5);
    receive(8, 4);
    expect(shown()?.coins).toBe(10);
    a.end();
    expect(shown()).toEqual({ coins: 33.75, version: 5 });
    expect(useBalance.getState().held).toEqual([]);
  });

  it('keeps holding until the last of overlapping scenes ends', () => {
    const a = useAnimation.getState();
    a.begin();
    a.begin();
    receive(20, 2);
    a.end();
    expect(shown()?.coins).toBe(10);
    a.end();
    expect(shown()?.coins).toBe(20);
  });

  it("a page shows its own answer's balance while the flag is up (a stake leaving, a ball landing), never going back", () => {
    const a = useAnimation.getState();
    a.begin();
    receive(9, 2); // ball 1's answer
    receive(8, 3); // ball 2's answer
    receive(8.5, 4); // ball 2's win, by realtime
    useBalance.getState().showUpTo(2); // ball 1 lands
    expect(shown()).toEqual({ coins: 9, version: 2 });
    useBalance.getState().showUpTo(3); // ball 2 lands
    expect(shown()).toEqual({ coins: 8, version: 3 });
    useBalance.getState().showUpTo(2); // a late landing of an older answer changes nothing
    expect(shown()).toEqual({ coins: 8, version: 3 });
    a.end();
    expect(shown()).toEqual({ coins: 8.5, version: 4 });
  });

  it('answers that arrive out of commit order end on the later commit (two colours at once, two sales)', () => {
    const a = useAnimation.getState();
    a.begin();
    receive(6, 3); // the second bet's answer first
    useBalance.getState().showUpTo(3);
    receive(8, 2); // then the first's
    useBalance.getState().showUpTo(2);
    expect(shown()).toEqual({ coins: 6, version: 3 });
    a.end();
    expect(shown()).toEqual({ coins: 6, version: 3 });
    receive(7, 2);
    expect(shown()).toEqual({ coins: 6, version: 3 });
  });

  it('a held zero is not applied when the flag ends (docs/product.md §4); without a scene it shows; sign-out forgets everything', () => {
    useAnimation.getState().begin();
    receive(0, 8);
    useAnimation.getState().end();
    expect(shown()?.coins).toBe(10);
    receive(0, 9);
    expect(shown()).toEqual({ coins: 0, version: 9 });
    useBalance.getState().clear();
    expect(useBalance.getState()).toMatchObject({ shown: null, newest: null, held: [] });
    receive(5, 1); // another player's account starts its own versions
    expect(shown()).toEqual({ coins: 5, version: 1 });
  });

  it('another account signing in forgets the last one\'s balances (their versions are its own)', () => {
    const user = (id: number, balance: number) => ({ id, name: 'p', email: 'p@example.com', avatar_url: null, verified: true, balance, user_level: { level: 1, value: 0, from: 0, to: 1 }, streamer_mode: false });
    useSession.getState().setUser(user(1, 10));
    receive(50, 40);
    useSession.getState().setUser(user(1, 50)); // the same account's profile again: kept
    expect(shown()).toEqual({ coins: 50, version: 40 });
    useSession.getState().setUser(user(2, 7));
    expect(shown()).toBeNull();
    receive(7, 3); // the new account's versions start low
    expect(shown()).toEqual({ coins: 7, version: 3 });
  });

  it('ignores an unmatched end', () => {
    useAnimation.getState().end();
    expect(useAnimation.getState()).toMatchObject({ active: false, running: 0 });
    expect(shown()?.coins).toBe(10);
  });
});
