import { Link } from 'react-router';
import { richText } from '../../i18n/richText.tsx';
import { WithdrawalsList } from '../../features/boxes/WithdrawalsList.tsx';
import { translator } from '../../i18n/i18n.ts';
import messages from './i18n/en-US.json';

const t = translator(messages);

// /profile/shipping: the player's deliveries (items shipped from the inventory) with status and cancel.
export default function ShippingPage() {
  return (
    <div>
      <h1 className="profile-page-title">{t('navShipping')}</h1>
      <p className="box-card__note">
        {richText(t, 'shippingNote', {
          inventory: <Link to="/profile/inventory">{t('shippingNoteInventory')}</Link>,
          address: <Link to="/profile/delivery">{t('shippingNoteAddress')}</Link>,
        })}
      </p>
      <WithdrawalsList type="delivery" />
    </div>
  );
}
