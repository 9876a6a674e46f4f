import type { Id } from 'react-toastify';
import { toast } from '../../components/toast.tsx';
import { useDevice } from '../../stores/device.ts';

// A game's result as a toast (spec §8: plinko's success msg is a success toast), one per game at a
// time: the next result dismisses the one on screen instead of stacking a toast per ball over the
// page. Every result stays in the game's own history and result line; the toast only says the
// latest (docs/games.md, "Toasts").
//
// Each result gets a toast of its own rather than updating the previous one: a toast that has timed
// out stays "active" while it plays its closing animation, and a text sent to it then leaves with
// it, so the player never sees that ball's result.
//
// On phones the game's stage fills the top of the screen (plinko's board, the wheel) and the bet
// button sits right under it: a result toast comes up from the bottom, just above the bottom bar,
// over the fields below the button, never over the stage (layout.css lifts the container).

const shown = new Map<string, Id>();
let sequence = 0;

export function showResultToast(game: string, message: string, type: 'success' | 'info'): void {
  const previous = shown.get(game);
  if (previous !== undefined) toast.dismiss(previous);
  sequence += 1;
  const position = useDevice.getState().isMobile ? 'bottom-center' : undefined;
  shown.set(game, toast(message, { toastId: `${game}-result-${sequence}`, type, position }));
}
