import type { BattleBox } from '../../../core/protocol/battle.ts';

/** The boxes of a battle with their art and quantities. */
export function BattleBoxes({ boxes }: { boxes: BattleBox[] }) {
  return (
    <ul className="battle-boxes">
      {boxes.map((box, i) => (
        <li key={`${box.slug}-${i}`} title={box.name}>
          <img src={box.img_url} alt={box.name} width={56} height={56} loading="lazy" />
          {box.quantity > 1 && <span className="battle-boxes__qty">×{box.quantity}</span>}
        </li>
      ))}
    </ul>
  );
}
