import { DropList } from './DropTile.tsx';
import './LiveDrops.css';

// The live feed in the side panel. The realtime bridge fills the store; this only draws it, each
// drop a DropTile's row (DropTile.tsx): who won what, its value and from which box, linked to that
// box's page (/boxes, /standard or /custom by its kind). The list is not a live region: a drop arrives every few
// seconds on every page, and reading each aloud would talk over whatever the player is doing; a
// screen reader finds the list under its heading, each link named in full.
export function LiveDrops() {
  return <DropList look="row" />;
}

export default LiveDrops;
