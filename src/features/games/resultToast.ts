import { toast } from 'react-toastify';

// A game's result as a toast (spec §8: plinko's success msg is a success toast), one per game at a
// time: the next result replaces the text of the one on screen instead of stacking a toast per
// ball over the page. Every result stays in the game's own history and result line; the toast only
// says the latest (docs/games.md, "Toasts").

export function showResultToast(game: string, message: string, type: 'success' | 'info'): void {
  const toastId = `${game}-result`;
  if (toast.isActive(toastId)) toast.update(toastId, { render: message, type, delay: 0 });
  else toast(message, { toastId, type });
}
