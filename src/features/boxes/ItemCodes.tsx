import { CopyButton } from '../../components/CopyButton.tsx';
import { Modal } from '../../components/Modal.tsx';
import type { ItemCode } from '../inventory/inventoryApi.ts';
import './itemCodes.css';

// Digital items (gift cards) are delivered as codes: the modal that shows a code once it is made,
// and the list of every code the player was given, with the reveals still waiting for the operator's
// review (docs/boxes.md "Sizes and digital items").

function CodeLine({ code, name }: { code: string; name: string }) {
  return (
    <div className="item-code">
      <code className="item-code__value" data-testid="item-code">
        {code}
      </code>
      <CopyButton text={code} label={`Copy the code of ${name}`} />
    </div>
  );
}

export function ItemCodeModal({ name, code, onClose }: { name: string; code: string; onClose: () => void }) {
  return (
    <Modal title={`${name} code`} onClose={onClose}>
      <div className="item-code-modal">
        <p>Redeem this code with the card&apos;s brand. It stays in your list of codes below your inventory.</p>
        <CodeLine code={code} name={name} />
      </div>
    </Modal>
  );
}

export function ItemCodeList({ codes }: { codes: ItemCode[] }) {
  if (!codes.length) return null;
  return (
    <section className="item-codes" aria-labelledby="item-codes-title">
      <h2 id="item-codes-title">Gift card codes</h2>
      <ul>
        {codes.map((c) => (
          <li key={c.id} className="item-codes__row" data-testid={`item-code-${c.id}`}>
            <span className="item-codes__name">{c.item.name}</span>
            {c.code === null ? (
              <span className="item-codes__review" data-testid="item-code-review">
                Waiting for review
              </span>
            ) : (
              <CodeLine code={c.code} name={c.item.name} />
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
