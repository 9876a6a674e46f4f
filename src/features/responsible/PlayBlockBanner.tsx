import { Link } from 'react-router';
import type { PlayBlock } from '../../../core/protocol/responsible.ts';
import './playBlock.css';
import messages from './i18n/en-US.json';
import { translator } from '../../i18n/i18n.ts';

const t = translator(messages);

/**
 * The reason play (or a deposit) is closed, above the controls it disables (src/features/responsible/playBlock.ts):
 * the break or the reached limit in the server's words, with its end, and the way to the Limits page.
 */
export function PlayBlockBanner({ block }: { block: PlayBlock }) {
  if (!block) return null;
  return (
    <div className="play-block" role="status" data-testid="play-block" data-reason={block.reason}>
      <p>{block.message}</p>
      <Link to="/profile/limits">{t('limitsAndBreaks')}</Link>
    </div>
  );
}
