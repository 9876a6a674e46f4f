import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { Swords } from 'lucide-react';
import { battlePath } from '../../../core/protocol/battleEvents.ts';
import { battleChannel } from '../../../core/protocol/realtime.ts';
import { fetchBattle } from './battlesApi.ts';
import { useBattleChannel } from './useBattleChannel.ts';
import { useToBattle } from './toBattle.ts';
// The header's catalog: this link lives in the header, whose catalog every page has already.
import layoutMessages from '../../app/layout/i18n/en-US.json';
import { translator } from '../../i18n/i18n.ts';

const t = translator(layoutMessages);

// 'Back to Battle' in the header (docs/product.md §2): shown while the player is in a battle (to_battle) and
// not on its page; the value is cleared when that battle ends or is canceled (docs/product.md §4), heard on
// its channel, or found so when the page loads.
export function BackToBattle() {
  const id = useToBattle((s) => s.id);
  const key = useToBattle((s) => s.key);
  const clear = useToBattle((s) => s.clear);
  const { pathname } = useLocation();

  useEffect(() => {
    if (id === null) return;
    fetchBattle(id, key).then(
      (b) => (b.status === 'ended' || b.status === 'canceled') && clear(id),
      () => clear(id),
    );
  }, [id, key, clear]);

  useBattleChannel(id === null ? null : battleChannel(id, key), (event) => {
    if (id !== null && (event === 'battleEnded' || event === 'battleCanceled')) clear(id);
  });

  if (id === null || pathname === `/battles/${id}`) return null;
  return (
    <Link to={battlePath(id, key)} className="btn btn--primary btn--small back-to-battle" data-testid="back-to-battle">
      <Swords size={16} aria-hidden /> {t('backToBattle')}
    </Link>
  );
}
