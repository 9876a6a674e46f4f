import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { BoxCard } from './BoxCard.tsx';
import { fetchBoxes, type BoxKind, type BoxListRoute, type BoxSummary } from './boxesApi.ts';
import './boxes.css';
import messages from './i18n/en-US.json';
import { translator } from '../../i18n/i18n.ts';

const t = translator(messages);

// A titled row of boxes from one list call (home page, custom boxes page, free loot).
export function BoxRow({ title, kind = 'box', params, more, list, note, shut, reserve = false }: { title: string; reserve?: boolean; kind?: BoxKind; params: Record<string, string | number>; more?: string; list?: BoxListRoute; note?: (b: BoxSummary) => ReactNode; shut?: (b: BoxSummary) => boolean }) {
  const [boxes, setBoxes] = useState<BoxSummary[] | null>(null);
  const key = JSON.stringify(params);
  useEffect(() => {
    let live = true;
    fetchBoxes(kind, JSON.parse(key), list)
      .then((r) => live && setBoxes(r.data))
      .catch(() => live && setBoxes([]));
    return () => {
      live = false;
    };
  }, [kind, key, list]);
  // `reserve` (the home's rows, always full): until the list answers, empty cards hold the row's
  // height; on a phone the first row is in the first screen, and cards arriving into an empty row
  // pushed everything under it (layout shift). A row that may come back empty reserves nothing.
  const placeholders = reserve ? Math.min(6, Number(params.per_page) || 6) : 0;
  return (
    <section className="box-section" data-row={title}>
      <h2>
        {title} {more && <Link to={more} className="box-card__note">{t('viewAll')}</Link>}
      </h2>
      {boxes && boxes.length === 0 ? (
        <p className="boxes-empty">{t('noBoxes')}</p>
      ) : (
        // Columns that divide the row (6, 3, 2 or 1 per line by width), so a row never wraps five plus one.
        <div className="box-grid box-grid--row" style={rowColumns(boxes ? boxes.length : placeholders)}>
          {boxes
            ? boxes.map((b) => <BoxCard key={b.slug} box={b} kind={kind} note={note?.(b)} shut={shut?.(b)} />)
            : Array.from({ length: placeholders }, (_, i) => <BoxCardPlaceholder key={i} />)}
        </div>
      )}
    </section>
  );
}

/** Per container width, the number of columns: the row's count capped at 6, 3 and 2. */
function rowColumns(count: number): React.CSSProperties {
  const n = Math.max(1, count);
  return { '--cols-wide': Math.min(6, n), '--cols-mid': Math.min(3, n), '--cols-narrow': Math.min(2, n) } as React.CSSProperties;
}

/** A card's frame with nothing in it, the height of a loaded one. */
function BoxCardPlaceholder() {
  return (
    <div className="box-card box-card--placeholder" aria-hidden="true">
      <span className="box-card__img" />
      <span className="box-card__name">&nbsp;</span>
      <span className="box-card__price">&nbsp;</span>
    </div>
  );
}
