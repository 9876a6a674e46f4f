import { useEffect, useState } from 'react';
import { call } from '../../api/call.ts';
import { boxDrops, freeBoxDrops, userBoxDrops } from '../../../core/protocol/routes/boxes.ts';
import type { Drop, DropsQuery } from '../../../core/protocol/realtime.ts';
import { ItemCard } from './ItemCard.tsx';
import type { BoxKind } from './boxesApi.ts';
import messages from './i18n/en-US.json';
import { translator } from '../../i18n/i18n.ts';

const t = translator(messages);

const DROPS = { box: boxDrops, free: freeBoxDrops, user: userBoxDrops };

// A box's last drops: the best (most valuable) and the most recent, from the realtime area's
// GET /api/{boxes|free-boxes|user-boxes}/{slug}/last-drops?best=&limit=, each with who won it.
// `refreshKey` changes after each opening played on the page: the list loads again, so the
// player's own drop shows without a reload.
export function BoxDrops({ kind, slug, refreshKey = 0 }: { kind: BoxKind; slug: string; refreshKey?: number }) {
  const [best, setBest] = useState(false);
  const [drops, setDrops] = useState<Drop[]>([]);
  useEffect(() => {
    let live = true;
    const query: DropsQuery = { best: best ? '1' : '0', limit: 10 };
    call(DROPS[kind], { params: { slug }, query })
      .then((r) => live && setDrops(r.data))
      .catch(() => live && setDrops([]));
    return () => {
      live = false;
    };
  }, [kind, slug, best, refreshKey]);
  return (
    <section className="box-section" data-testid="box-drops">
      <h2>
        {t('lastDrops')}{' '}
        <span className="box-qty" role="group" aria-label={t('lastDrops')}>
          <button type="button" aria-pressed={!best} onClick={() => setBest(false)}>
            {t('recentDrops')}
          </button>
          <button type="button" aria-pressed={best} onClick={() => setBest(true)}>
            {t('bestDrops')}
          </button>
        </span>
      </h2>
      {drops.length ? (
        <div className="item-grid">
          {drops.map((d) => (
            <ItemCard key={d.id} item={{ name: d.item.name, price: d.item.price, rarity: d.item.rarity, img_url: d.item.img_url }}>
              <span className="box-card__note">{t('dropWinner', { name: d.user_name })}</span>
            </ItemCard>
          ))}
        </div>
      ) : (
        <p className="boxes-empty">{t('noDrops')}</p>
      )}
    </section>
  );
}
