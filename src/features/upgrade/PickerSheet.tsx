import { useEffect, type ReactNode } from 'react';
import { X } from 'lucide-react';
import { translator } from '../../i18n/i18n.ts';
import messages from './i18n/en-US.json';

const t = translator(messages);

// The upgrade's pickers on a phone (the target, the player's own items): a sheet rising from the
// bottom over the page, as the box sites' phone upgraders do, so the dial and its Upgrade button
// never scroll away while the player picks.
// Closed, it stays mounted (hidden), so the picker keeps its search and chips between openings.
export function PickerSheet({ open, title, onClose, children, testId = 'upgrade-sheet' }: { open: boolean; title: string; onClose(): void; children: ReactNode; testId?: string }) {
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open, onClose]);
  return (
    <div className={`picker-sheet${open ? ' picker-sheet--open' : ''}`} hidden={!open}>
      <div className="picker-sheet__backdrop" onClick={onClose} aria-hidden />
      <div className="picker-sheet__panel" role="dialog" aria-modal="true" aria-label={title} data-testid={testId}>
        <button type="button" className="picker-sheet__close" aria-label={t('close')} onClick={onClose}>
          <X size={20} aria-hidden />
        </button>
        {children}
      </div>
    </div>
  );
}
