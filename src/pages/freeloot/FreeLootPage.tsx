import { VerifyEmailNotice } from '../../features/auth/VerifyEmailNotice.tsx';
import { BonusBoxes } from '../../features/boxes/BonusBoxes.tsx';
import { useSession } from '../../stores/session.ts';
import { BoxRow } from '../../features/boxes/BoxRow.tsx';
import { FreeBoxNote, freeBoxState } from '../../features/boxes/freeBoxStatus.tsx';
import '../../features/boxes/boxes.css';

// /freeloot: one free box per level tier, each openable once every 24 hours from its level on.
// Locked tiers show the lock and the level needed, used ones the countdown to the next opening.
export default function FreeLootPage() {
  const level = useSession((s) => s.user?.user_level.level ?? 1);
  return (
    <div className="boxes-page">
      <h1>Free loot</h1>
      <p className="box-card__note">You are level {level}. Every level tier unlocks a free box you can open once a day. Wager on boxes and games to level up.</p>
      <VerifyEmailNotice reason="Free boxes open once your email is verified." />
      <BonusBoxes />
      <BoxRow
        title="Free boxes"
        kind="free"
        params={{ per_page: 20 }}
        note={(b) => <FreeBoxNote box={b} playerLevel={level} />}
        shut={(b) => freeBoxState(b, level, new Date()).kind !== 'ready'}
      />
    </div>
  );
}
