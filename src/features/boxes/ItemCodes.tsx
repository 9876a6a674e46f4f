import { CopyButton } from '../../components/CopyButton.tsx';
import { Modal } from '../../components/Modal.tsx';
import type { ItemCode } from '../inventory/inventoryApi.ts';
import './itemCodes.css';
import messages from './i18n/en-US.json';
import { translator } from '../../i18n/i18n.ts';

const t = translator(messages);

// Digital items (gift cards) are delivered as codes: the modal that shows a code once it is made,
// and the list of every code the player was given, with the reveals still waiting for the operator's
// review (docs/boxes.md "Sizes and digital items").

function CodeLine({ code, name }: { code: string; name: string }) {
  return (
    <div className="item-code">
      <code className="item-code__value" data-testid="item-code">
        {code}
      </code>
      <CopyButton text={code} label={t('copyCode', { name })} />
    </div>
  );
}

export function ItemCodeModal({ name, code, onClose }: { name: string; code: string; onClose: () => void }) {
  return (
    <Modal title={t('codeTitle', { name })} onClose={onClose}>
      <div className="item-code-modal">
        <p>{t('codeRedeem')}</p>
        <CodeLine code={code} name={name} />
      </div>
    </Modal>
  );
}

export function ItemCodeList({ codes }: { codes: ItemCode[] }) {
  if (!codes.length) return null;
  return (
    <section className="item-codes" aria-labelledby="item-codes-title">
      <h2 id="item-codes-title">{t('giftCardCodes')}</h2>
      <ul>
        {codes.map((c) => (
          <li key={c.id} className="item-codes__row" data-testid={`item-code-${c.id}`}>
            <span className="item-codes__name">{c.item.name}</span>
            {c.code === null ? (
              <span className="item-codes__review" data-testid="item-code-review">
                {t('waitingForReview')}
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
