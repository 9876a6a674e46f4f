import { useSession } from '../../stores/session.ts';
import { BoxRow } from '../../features/boxes/BoxRow.tsx';
import { formatDateTime } from '../../format/format.ts';
import type { BoxSummary } from '../../features/boxes/boxesApi.ts';
import '../../features/boxes/boxes.css';

// /freeloot: one free box per level tier, each openable once every 24 hours from its level on.
export default function FreeLootPage() {
  const level = useSession((s) => s.user?.user_level.level ?? 1);
  const note = (b: BoxSummary) => {
    if ((b.level ?? 1) > level) return `Unlocks at level ${b.level}`;
    if (b.available_at) return `Next opening ${formatDateTime(b.available_at)}`;
    return 'Ready to open';
  };
  return (
    <div className="boxes-page">
      <h1>Free loot</h1>
      <p className="box-card__note">You are level {level}. Every level tier unlocks a free box you can open once a day. Wager on boxes and games to level up.</p>
      <BoxRow title="Free boxes" kind="free" params={{ per_page: 20 }} note={note} />
    </div>
  );
}
