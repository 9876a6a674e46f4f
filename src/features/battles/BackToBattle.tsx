import { useCallback, useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { Swords } from 'lucide-react';
import { battlePath } from '../../../core/protocol/battleEvents.ts';
import { battleChannel } from '../../../core/protocol/realtime.ts';
import { fetchBattle } from './battlesApi.ts';
import { ApiError } from '../../api/http.ts';
import { useBattleChannel } from './useBattleChannel.ts';
import { useToBattle } from './toBattle.ts';
// The header's catalog: this link lives in the header, whose catalog every page has already.
import layoutMessages from '../../app/layout/i18n/en-US.json';
import { translator } from '../../i18n/i18n.ts';

const t = translator(layoutMessages);

// 'Back to Battle' in the header (docs/product.md §2): shown while the player is in a battle (to_battle) and
// not on its page; the value is cleared when that battle ends or is canceled (docs/product.md §4), heard on
// its channel, or found so when the page loads. The battle page hears the same channel: the
// subscription is shared (src/realtime/useChannel.ts), so leaving that page keeps this one's.
export function BackToBattle() {
  const id = useToBattle((s) => s.id);
  const key = useToBattle((s) => s.key);
  const clear = useToBattle((s) => s.clear);
  const { pathname } = useLocation();

  // Asked when the battle is saved, and again once its channel is subscribed (an end published
  // before that would otherwise leave the link up). Only the server's answer clears it: an ended
  // battle, or none by that number and key; a failed call (the page leaving with it in flight, a
  // lost connection) says nothing about the battle.
  const check = useCallback(() => {
    if (id === null) return;
    fetchBattle(id, key).then(
      (b) => (b.status === 'ended' || b.status === 'canceled') && clear(id),
      (error: unknown) => error instanceof ApiError && error.response.status === 404 && clear(id),
    );
  }, [id, key, clear]);
  useEffect(check, [check]);

  useBattleChannel(
    id === null ? null : battleChannel(id, key),
    (event) => {
      if (id !== null && (event === 'battleEnded' || event === 'battleCanceled')) clear(id);
    },
    check,
  );

  if (id === null || pathname === `/battles/${id}`) return null;
  return (
    <Link to={battlePath(id, key)} className="btn btn--primary btn--small back-to-battle" data-testid="back-to-battle">
      <Swords size={16} aria-hidden /> {t('backToBattle')}
    </Link>
  );
}
