import { Link } from 'react-router';
import { WithdrawalsList } from '../../features/boxes/WithdrawalsList.tsx';

// /profile/shipping: the player's deliveries (items shipped from the inventory) with status and cancel.
export default function ShippingPage() {
  return (
    <div>
      <h2>Shipping</h2>
      <p className="box-card__note">
        Ship items from your <Link to="/profile/inventory">inventory</Link> to your <Link to="/profile/delivery">delivery address</Link>. A request can be canceled while it is Requested; the items return to your inventory. Each step shows under the request, with the tracking number once shipped, and we mail you each one.
      </p>
      <WithdrawalsList type="delivery" />
    </div>
  );
}
