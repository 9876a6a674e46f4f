import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Coins } from '../../components/Coin.tsx';
import type { BoxKind, BoxSummary } from './boxesApi.ts';
import { boxPath } from './boxPath.ts';
import './boxes.css';


/** `shut`: it cannot be opened now (a locked or used free box): shown dimmed, its note says why. */
export function BoxCard({ box, kind = 'box', note, shut = false }: { box: BoxSummary; kind?: BoxKind; note?: ReactNode; shut?: boolean }) {
  return (
    <Link to={boxPath(box.slug, kind)} className={`box-card${shut ? ' box-card--shut' : ''}`} data-box={box.slug}>
      {box.type === 'unique' && <span className="box-card__badge">Unique</span>}
      <img className="box-card__img" src={box.img_url} alt="" loading="lazy" width={160} height={160} />
      <span className="box-card__name">{box.name}</span>
      {note ? <span className="box-card__note">{note}</span> : <Coins value={box.price} className="box-card__price" />}
      {box.creator && <span className="box-card__creator">by {box.creator.name}</span>}
    </Link>
  );
}
