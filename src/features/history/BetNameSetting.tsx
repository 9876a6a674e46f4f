import { call } from '../../api/call.ts';
import { useSavedSetting } from '../../api/useSavedSetting.ts';
import { betName, betNameSet } from '../../../core/protocol/routes/transparency.ts';
import { Checkbox } from '../../components/Checkbox.tsx';
import messages from './i18n/en-US.json';
import { translator } from '../../i18n/i18n.ts';

const t = translator(messages);

// The player's choice whether their bets' public pages (/bets/{id}, docs/transparency.md) show their
// name: hidden unless they tick it.
export function BetNameSetting() {
  const { value: show, error, change } = useSavedSetting(
    async () => (await call(betName, {})).data.show,
    async (next: boolean) => (await call(betNameSet, { body: { show: next } })).data.show,
  );
  return (
    <Checkbox
      className="history__bet-name"
      label={t('showNameOnBets')}
      checked={show ?? false}
      disabled={show === null}
      onChange={(e) => change(e.target.checked)}
      error={error}
    />
  );
}
