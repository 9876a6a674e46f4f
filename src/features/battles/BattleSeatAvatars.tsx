import type { BattleSummary } from '../../../core/protocol/battle.ts';
import { UserAvatar } from '../../app/layout/UserAvatar.tsx';
import { plural } from '../../format/format.ts';

// A battle's seats at a glance in the lobby, as the box sites list them: one avatar per seat in seat
// order (players and bots; an empty seat as a dashed ring), the creator's ringed and first named.
export function BattleSeatAvatars({ battle }: { battle: BattleSummary }) {
  const seats = Array.from({ length: battle.seats_total }, (_, i) => battle.seats.find((s) => s.seat === i) ?? null);
  const creator = battle.seats.find((s) => s.user?.id === battle.creator_id)?.user ?? null;
  return (
    <div className="battle-avatars" aria-label={`${creator ? `Created by ${creator.name}, ` : ''}${battle.seats_filled} of ${plural(battle.seats_total, 'seat')} filled`} role="img">
      {seats.map((seat, i) => {
        const who = seat?.user ?? seat?.bot ?? null;
        if (!who) return <span key={i} className="battle-avatars__empty" data-seat={i} />;
        const isCreator = seat?.user?.id === battle.creator_id;
        return (
          <span key={i} className={`battle-avatars__seat${isCreator ? ' battle-avatars__seat--creator' : ''}`} data-seat={i} title={isCreator ? `${who.name} (creator)` : who.name}>
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
