import type { SharedWin } from '../scenes/useScene.ts';
import { ShareBetButton } from './ShareBetButton.tsx';

// A game page's Share button beside a settled big win (docs/transparency.md, "Share"): the bet's
// public page through the bet page's own button. The scene's handle decides what is shared: a win
// its big-win moment called big (the celebration tiers, core/games/celebration.ts), with its bet's
// public id; nothing for a loss or a small win. The shared link's card names the game and the win.
export function BigWinShare({ shared }: { shared: SharedWin | null }) {
  if (!shared) return null;
  return (
    <div className="big-win-share">
      <ShareBetButton publicId={shared.publicId} />
    </div>
  );
}
