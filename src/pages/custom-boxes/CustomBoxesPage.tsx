import { Link } from 'react-router';
import { Plus } from 'lucide-react';
import { BoxRow } from '../../features/boxes/BoxRow.tsx';
import '../../features/boxes/boxes.css';
import messages from './i18n/en-US.json';
import { translator } from '../../i18n/i18n.ts';

const t = translator(messages);

// /custom-boxes (the most opened player-made boxes and the newest) and /custom-boxes/all.
export default function CustomBoxesPage({ all = false }: { all?: boolean }) {
  return (
    <div className="boxes-page">
      <h1>{t('title')}</h1>
      <p className="box-card__note">
        {t('intro')} <Link to="/custom-boxes/create" className="btn btn--primary btn--small"><Plus size={14} aria-hidden /> {t('createABox')}</Link>
      </p>
      {all ? (
        <BoxRow title={t('allCustomBoxes')} kind="user" params={{ per_page: 100, sort: 'new' }} />
      ) : (
        <>
          <BoxRow title={t('popular')} kind="user" params={{ per_page: 12, sort: 'popular' }} more="/custom-boxes/all" />
          <BoxRow title={t('new')} kind="user" params={{ per_page: 12, sort: 'new' }} more="/custom-boxes/all" />
        </>
      )}
    </div>
  );
}
