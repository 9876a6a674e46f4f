import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Gift } from 'lucide-react';
import { useSession } from '../../stores/session.ts';
import { fetchBonusBoxes, type BonusBox } from './bonusBoxesApi.ts';
import { boxPath } from './BoxCard.tsx';
import './bonusBoxes.css';

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
    <section className="bonus-boxes" aria-label="Bonus boxes">
      <Gift size={28} aria-hidden className="bonus-boxes__icon" />
      <div className="bonus-boxes__body">
        <h3>Bonus boxes</h3>
        {boxes.map((b) => (
          <div key={b.id} className="bonus-boxes__row">
            <span>
              {b.box.name} from the <strong>{b.source}</strong> promotion
            </span>
            <Link className="btn btn--money btn--small" to={`${boxPath(b.box.slug, 'free')}?bonus=${b.id}`}>
              <span className="btn__content">Open for free</span>
            </Link>
          </div>
        ))}
      </div>
    </section>
  );
}
