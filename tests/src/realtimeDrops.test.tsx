import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Drop } from '../../core/protocol/realtime.ts';
import { FEED_DELAY_MS, FEED_SIZE, startDropsFeed, useDropsFeed } from '../../src/features/drops/dropsFeed.ts';
import { LiveDrops } from '../../src/features/drops/LiveDrops.tsx';
import { DropList } from '../../src/features/drops/DropTile.tsx';
import { DropsTicker } from '../../src/features/drops/DropsTicker.tsx';
import { useAnimation } from '../../src/stores/animation.ts';
import { useSession } from '../../src/stores/session.ts';

// Spec §4 and §9: at most 10 drops; a new drop is shown after 3 seconds; the player's own drop
// is held while an opening or animation runs and merged when it ends.

let dropId = 0;
const drop = (userId: number, price: number, rarity = 'rare', box: Partial<Drop['box']> = {}): Drop => ({
  id: ++dropId,
  game: 'box',
  user_id: userId,
  user_name: `Player ${userId}`,
  box: { slug: 'starter', img_url: '/b.svg', kind: 'box', name: 'Starter Box', ...box },
  item: { name: `Item ${price}`, rarity, img_url: `/i${price}.svg`, price, sale_price: price - 1 },
});
const prices = () => useDropsFeed.getState().entries.map((e) => e.drop.item.price);

describe('live drops feed', () => {
  let feed: ReturnType<typeof startDropsFeed>;
  beforeEach(() => {
    vi.useFakeTimers();
    useDropsFeed.setState({ entries: [] });
    useAnimation.setState({ active: false, running: 0, heldDrops: [] });
    useSession.setState({ user: { id: 5, name: 'Me', email: 'me@example.com', avatar_url: null, verified: true, balance: 1, user_level: { level: 1, value: 0, from: 0, to: 1 }, streamer_mode: false } });
    feed = startDropsFeed();
  });
  afterEach(() => {
    feed.stop();
    vi.useRealTimers();
  });

  it('shows a new drop only after 3 seconds', () => {
    feed.receive(drop(9, 11));
    vi.advanceTimersByTime(FEED_DELAY_MS - 1);
    expect(prices()).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(prices()).toEqual([11]);
  });

  it('keeps at most 10 drops, newest first', () => {
    useDropsFeed.getState().load(Array.from({ length: 12 }, (_, i) => drop(9, 100 - i)));
    expect(prices()).toHaveLength(FEED_SIZE);
    for (let i = 1; i <= 3; i += 1) feed.receive(drop(9, i));
    vi.advanceTimersByTime(FEED_DELAY_MS);
    expect(prices()).toEqual([3, 2, 1, 100, 99, 98, 97, 96, 95, 94]);
  });

  it('holds the player\'s own drop while an animation runs and merges it when it ends', () => {
    useAnimation.getState().begin();
    feed.receive(drop(5, 50)); // own
    feed.receive(drop(9, 60)); // someone else's: shown after 3 s as usual
    vi.advanceTimersByTime(10_000);
    expect(prices()).toEqual([60]);
    expect(useAnimation.getState().heldDrops).toHaveLength(1);
    useAnimation.getState().end();
    expect(prices()).toEqual([50, 60]);
    expect(useAnimation.getState().heldDrops).toEqual([]);
  });

  it('keeps the feed as it is when the list loaded again holds the same drops (nothing renders again)', () => {
    const list = [drop(9, 30), drop(9, 20)];
    useDropsFeed.getState().load(list);
    const shown = useDropsFeed.getState().entries;
    const renders = vi.fn();
    const unsubscribe = useDropsFeed.subscribe(renders);
    useDropsFeed.getState().load(list.map((d) => ({ ...d }))); // the same drops, parsed from another answer
    expect(renders).not.toHaveBeenCalled();
    expect(useDropsFeed.getState().entries).toBe(shown);
    const newer = drop(9, 40);
    useDropsFeed.getState().load([newer, ...list]);
    expect(renders).toHaveBeenCalledTimes(1);
    expect(useDropsFeed.getState().entries.map((e) => e.key)).toEqual([expect.any(Number), shown[0]!.key, shown[1]!.key]);
    unsubscribe();
  });

  it('shows a drop once, whether it came in a loaded list, on the socket or both', () => {
    const both = drop(9, 30);
    feed.load([both]);
    feed.receive(both);
    feed.receive(drop(9, 31));
    vi.advanceTimersByTime(FEED_DELAY_MS);
    expect(prices()).toEqual([31, 30]);
    // Loaded again (the socket subscribed): the rows on screen keep their keys, only a new drop enters.
    const keys = useDropsFeed.getState().entries.map((e) => e.key);
    const newer = drop(9, 32);
    feed.load([newer, ...useDropsFeed.getState().entries.map((e) => e.drop)]);
    expect(prices()).toEqual([32, 31, 30]);
    expect(useDropsFeed.getState().entries.slice(1).map((e) => e.key)).toEqual(keys);
  });

  it("holds the player's own drop of a loaded list while an animation runs, as a received one", () => {
    useAnimation.getState().begin();
    feed.load([drop(5, 80), drop(9, 20)]);
    expect(prices()).toEqual([20]);
    useAnimation.getState().end();
    expect(prices()).toEqual([80, 20]);
  });

  it('shows the own drop after the normal delay when nothing runs', () => {
    feed.receive(drop(5, 70));
    vi.advanceTimersByTime(FEED_DELAY_MS);
    expect(prices()).toEqual([70]);
  });

  it('renders who won what from which box, with rarity colours, 2-decimal prices and the box page of its kind', () => {
    render(<LiveDrops />);
    expect(screen.getByText('Fresh wins from every box show up here live.')).toBeTruthy();
    act(() => {
      feed.receive(drop(9, 12.5, 'legendary'));
      feed.receive(drop(8, 10, 'common', { slug: 'free-level-1', kind: 'free', name: 'Level 1 Free Box' }));
      feed.receive(drop(7, 3, 'common', { slug: 'my-mix-a1b2c3', kind: 'user', name: 'My Mix' }));
      vi.advanceTimersByTime(FEED_DELAY_MS);
    });
    const row = document.querySelector('.live-drops__row[data-rarity="legendary"]') as HTMLElement;
    expect(row.style.getPropertyValue('--rarity')).toBe('#ffbf2e');
    expect(row.textContent).toBe('Item 12.5Player 9 · Starter Box12.50');
    // Each link is named in full (not "10.00") and leads to its box's own page.
    const links = screen.getAllByRole('link');
    expect(links.map((a) => [a.getAttribute('aria-label'), a.getAttribute('href')])).toEqual([
      ['Player 7 won Item 3 worth 3.00 from My Mix', '/custom/my-mix-a1b2c3'],
      ['Player 8 won Item 10 worth 10.00 from Level 1 Free Box', '/standard/free-level-1'],
      ['Player 9 won Item 12.5 worth 12.50 from Starter Box', '/boxes/starter'],
    ]);
    // Not a live region: drops every few seconds would talk over the game.
    expect(document.querySelector('[aria-live]')).toBeNull();

    // The phones' row draws the same drops with the same tile, compact: the picture and the value.
    render(<DropList look="compact" />);
    const tile = document.querySelector('.drops-ticker__tile[data-rarity="legendary"]') as HTMLElement;
    expect(tile.style.getPropertyValue('--rarity')).toBe('#ffbf2e');
    expect(tile.textContent).toBe('12.50');
    expect([tile.querySelector('a')!.getAttribute('aria-label'), tile.querySelector('a')!.getAttribute('href')]).toEqual(['Player 9 won Item 12.5 worth 12.50 from Starter Box', '/boxes/starter']);
  });

  it("names a battle's and an upgrade's win by its game, in the panel and on a phone's tile, and links to the game", () => {
    render(
      <>
        <LiveDrops />
        <DropsTicker cashback={false} />
      </>,
    );
    act(() => {
      feed.receive({ ...drop(5, 40, 'epic'), game: 'battle' });
      feed.receive({ ...drop(6, 80, 'rare', { slug: 'upgrade', name: 'Upgrade' }), game: 'upgrade' });
      vi.advanceTimersByTime(FEED_DELAY_MS);
    });
    const battle = document.querySelector('.live-drops__row[data-game="battle"]')!;
    expect(battle.textContent).toBe('Item 40Player 5 · Battle · Starter Box40.00');
    expect(battle.querySelector('a')!.getAttribute('aria-label')).toBe('Player 5 won Item 40 worth 40.00 in a battle of Starter Box');
    expect(battle.querySelector('a')!.getAttribute('href')).toBe('/battles');
    const upgrade = document.querySelector('.live-drops__row[data-game="upgrade"]')!;
    expect(upgrade.textContent).toBe('Item 80Player 6 · Upgrade80.00');
    expect(upgrade.querySelector('a')!.getAttribute('href')).toBe('/upgrade');
    expect([...document.querySelectorAll('.drops-ticker__tile')].map((t) => [t.getAttribute('data-game'), t.querySelector('.drops-ticker__game')?.textContent ?? null])).toEqual([
      ['upgrade', 'Upgrade'],
      ['battle', 'Battle'],
    ]);
  });
});
