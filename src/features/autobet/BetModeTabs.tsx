import { translator } from '../../i18n/i18n.ts';
import messages from './i18n/en-US.json';

const t = translator(messages);

// Manual / Auto above every game's bet panel; locked while an auto-bet runs.
export type BetMode = 'manual' | 'auto';

export function BetModeTabs({ mode, onChange, locked }: { mode: BetMode; onChange(mode: BetMode): void; locked: boolean }) {
  return (
    <div className="game-page__tabs">
      <button type="button" aria-pressed={mode === 'manual'} disabled={locked} onClick={() => onChange('manual')}>
        {t('manual')}
      </button>
      <button type="button" aria-pressed={mode === 'auto'} disabled={locked} onClick={() => onChange('auto')}>
        {t('auto')}
      </button>
    </div>
  );
}
