import { Link } from 'react-router';
import { Plus } from 'lucide-react';
import { BoxRow } from '../../features/boxes/BoxRow.tsx';
import '../../features/boxes/boxes.css';

// /custom-boxes (the most opened player-made boxes and the newest) and /custom-boxes/all.
export default function CustomBoxesPage({ all = false }: { all?: boolean }) {
  return (
    <div className="boxes-page">
      <h1>Custom boxes</h1>
      <p className="box-card__note">
        Boxes made by players from our catalog. Their creators earn 1% of every opening. <Link to="/custom-boxes/create" className="btn btn--primary btn--small"><Plus size={14} aria-hidden /> Create a box</Link>
      </p>
      {all ? (
        <BoxRow title="All custom boxes" kind="user" params={{ per_page: 100, sort: 'new' }} />
      ) : (
        <>
          <BoxRow title="Popular" kind="user" params={{ per_page: 12, sort: 'popular' }} more="/custom-boxes/all" />
          <BoxRow title="New" kind="user" params={{ per_page: 12, sort: 'new' }} more="/custom-boxes/all" />
        </>
      )}
    </div>
  );
}
