import { Link } from 'react-router';
import { BoxRow } from '../../features/boxes/BoxRow.tsx';
import { userBoxesMine } from '../../../core/protocol/routes/boxes.ts';

// /profile/my-boxes: the custom boxes the player created.
export default function MyBoxesPage() {
  return (
    <div>
      <h2>My boxes</h2>
      <p className="box-card__note">
        You earn 1% of the price every time another player opens one of your boxes. <Link to="/custom-boxes/create">Create a box</Link>
      </p>
      <BoxRow title="Created by you" kind="user" list={userBoxesMine} params={{ per_page: 100, sort: 'new' }} />
    </div>
  );
}
