import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Gift } from 'lucide-react';
import { useSession } from '../../stores/session.ts';
import { fetchBonusBoxes, type BonusBox } from './bonusBoxesApi.ts';
import { boxLinkState, boxPath } from './BoxCard.tsx';
import './bonusBoxes.css';
import messages from './i18n/en-US.json';
import { translator } from '../../i18n/i18n.ts';

const t = translator(messages);
/** Stands for an element inside a message, to cut the text around it. */
const MARK = '\u0001';

/**
 * The free boxes a promotion (winter35) granted: each opens once. Open leads to the box's own page
 * (`/standard/{slug}?bonus={id}`), where the reel plays the opening like any other
 * (src/pages/boxes/BoxPage.tsx), not a line of text here.
 */
export function BonusBoxes() {
  const signedIn = useSession((s) => s.user !== null);
  const [boxes, setBoxes] = useState<BonusBox[]>([]);
  useEffect(() => {
    if (!signedIn) return;
    let live = true;
    fetchBonusBoxes().then(
      (list) => live && setBoxes(list),
      (e: unknown) => console.warn('bonus boxes failed', e),
    );
    return () => {
      live = false;
    };
  }, [signedIn]);

  if (boxes.length === 0) return null;
  return (
    <section className="bonus-boxes" aria-label={t('bonusBoxes')}>
      <Gift size={28} aria-hidden className="bonus-boxes__icon" />
      <div className="bonus-boxes__body">
        <h3>{t('bonusBoxes')}</h3>
        {boxes.map((b) => {
          const [before, after] = t('bonusBoxFrom', { box: b.box.name, promotion: MARK }).split(MARK);
          return (
            <div key={b.id} className="bonus-boxes__row">
              <span>
                {before}
                <strong>{b.source}</strong>
                {after}
              </span>
              <Link className="btn btn--money btn--small" to={`${boxPath(b.box.slug, 'free')}?bonus=${b.id}`} state={boxLinkState('free')}>
                <span className="btn__content">{t('openForFree')}</span>
              </Link>
            </div>
          );
        })}
      </div>
    </section>
  );
}
