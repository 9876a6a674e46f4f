import type { BattleSummary } from '../../../core/protocol/battle.ts';
import { UserAvatar } from '../../app/layout/UserAvatar.tsx';
import { translator } from '../../i18n/i18n.ts';
import messages from './i18n/en-US.json';

const t = translator(messages);

// A battle's seats at a glance in the lobby, as the box sites list them: one avatar per seat in seat
// order (players and bots; an empty seat as a dashed ring), the creator's ringed and first named.
export function BattleSeatAvatars({ battle }: { battle: BattleSummary }) {
  const seats = Array.from({ length: battle.seats_total }, (_, i) => battle.seats.find((s) => s.seat === i) ?? null);
  const creator = battle.seats.find((s) => s.user?.id === battle.creator_id)?.user ?? null;
  return (
    <div className="battle-avatars" aria-label={creator ? t('seatsFilledBy', { name: creator.name, filled: battle.seats_filled, total: battle.seats_total }) : t('seatsFilled', { filled: battle.seats_filled, total: battle.seats_total })} role="img">
      {seats.map((seat, i) => {
        const who = seat?.user ?? seat?.bot ?? null;
        if (!who) return <span key={i} className="battle-avatars__empty" data-seat={i} />;
        const isCreator = seat?.user?.id === battle.creator_id;
        return (
          <span key={i} className={`battle-avatars__seat${isCreator ? ' battle-avatars__seat--creator' : ''}`} data-seat={i} title={isCreator ? t('creator', { name: who.name }) : who.name}>
            <UserAvatar user={who} size={28} />
          </span>
        );
      })}
      <span className="battle-avatars__count">
        {battle.seats_filled}/{battle.seats_total}
      </span>
    </div>
  );
}
