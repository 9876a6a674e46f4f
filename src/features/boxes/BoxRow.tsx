import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { BoxCard } from './BoxCard.tsx';
import { fetchBoxes, type BoxKind, type BoxSummary } from './boxesApi.ts';
import './boxes.css';

// A titled row of boxes from one list call (home page, custom boxes page, free loot).
export function BoxRow({ title, kind = 'box', params, more, path, note }: { title: string; kind?: BoxKind; params: Record<string, string | number>; more?: string; path?: string; note?: (b: BoxSummary) => string | undefined }) {
  const [boxes, setBoxes] = useState<BoxSummary[] | null>(null);
  const key = JSON.stringify(params);
  useEffect(() => {
    let live = true;
    fetchBoxes(kind, JSON.parse(key), path)
      .then((r) => live && setBoxes(r.data))
      .catch(() => live && setBoxes([]));
    return () => {
      live = false;
    };
  }, [kind, key, path]);
  return (
    <section className="box-section" data-row={title}>
      <h2>
        {title} {more && <Link to={more} className="box-card__note">View all</Link>}
      </h2>
      {boxes && boxes.length === 0 ? (
        <p className="boxes-empty">No boxes yet.</p>
      ) : (
        <div className="box-grid">
          {(boxes ?? []).map((b) => (
            <BoxCard key={b.slug} box={b} kind={kind} note={note?.(b)} />
          ))}
        </div>
      )}
    </section>
  );
}
