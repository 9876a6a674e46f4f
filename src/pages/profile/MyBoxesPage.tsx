import { Link } from 'react-router';
import { BoxRow } from '../../features/boxes/BoxRow.tsx';
import { userBoxesMine } from '../../../core/protocol/routes/boxes.ts';
import { translator } from '../../i18n/i18n.ts';
import messages from './i18n/en-US.json';

const t = translator(messages);

// /profile/my-boxes: the custom boxes the player created.
export default function MyBoxesPage() {
  return (
    <div>
      <h2>{t('navMyBoxes')}</h2>
      <p className="box-card__note">
        {t('myBoxesNote')} <Link to="/custom-boxes/create">{t('createBox')}</Link>
      </p>
      <BoxRow title={t('createdByYou')} kind="user" list={userBoxesMine} params={{ per_page: 100, sort: 'new' }} />
    </div>
  );
}
