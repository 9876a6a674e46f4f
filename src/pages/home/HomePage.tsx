import { BoxRow } from '../../features/boxes/BoxRow.tsx';
import ShellHome from './HomeFrame.tsx';
import messages from './i18n/en-US.json';
import { translator } from '../../i18n/i18n.ts';

const t = translator(messages);

// The real home page: the shell's hero (current offer), then the catalog's featured, new and popular
// boxes, then the shell's game tiles and how-it-works steps (HomeFrame.tsx). The live
// drops feed sits in the layout's aside slot. The shell's part is in this page's chunk: a lazy
// import of it cost a second round trip before the hero could draw.

export default function HomePage() {
  return (
    <ShellHome>
      <div className="home-boxes">
        <BoxRow reserve title={t('featuredBoxes')} params={{ featured: 1, per_page: 6, sort: 'popular' }} more="/boxes" />
        <BoxRow reserve title={t('newBoxes')} params={{ per_page: 6, sort: 'new' }} more="/boxes?sort=new" />
        <BoxRow reserve title={t('popularBoxes')} params={{ per_page: 6, sort: 'popular' }} more="/boxes?sort=popular" />
      </div>
    </ShellHome>
  );
}
