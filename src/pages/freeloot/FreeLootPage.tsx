import { VerifyEmailNotice } from '../../features/auth/VerifyEmailNotice.tsx';
import { BonusBoxes } from '../../features/boxes/BonusBoxes.tsx';
import { useSession } from '../../stores/session.ts';
import { BoxRow } from '../../features/boxes/BoxRow.tsx';
import { FreeBoxNote, freeBoxState } from '../../features/boxes/freeBoxStatus.tsx';
import '../../features/boxes/boxes.css';
import messages from './i18n/en-US.json';
import { translator } from '../../i18n/i18n.ts';

const t = translator(messages);

// /freeloot: one free box per level tier, each openable once every 24 hours from its level on.
// Locked tiers show the lock and the level needed, used ones the countdown to the next opening.
export default function FreeLootPage() {
  const level = useSession((s) => s.user?.user_level.level ?? 1);
  return (
    <div className="boxes-page">
      <h1>{t('title')}</h1>
      <p className="box-card__note">{t('intro', { level })}</p>
      <VerifyEmailNotice reason={t('verifyReason')} />
      <BonusBoxes />
      <BoxRow
        title={t('freeBoxes')}
        kind="free"
        params={{ per_page: 20 }}
        note={(b) => <FreeBoxNote box={b} playerLevel={level} />}
        shut={(b) => freeBoxState(b, level, new Date()).kind !== 'ready'}
      />
    </div>
  );
}
