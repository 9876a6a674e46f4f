import { useState } from 'react';
import { Button } from '../../components/Button.tsx';
import { TextInput } from '../../components/TextInput.tsx';
import { adminSend, useAdminData } from '../../features/admin/adminApi.ts';
import { useCan } from '../../features/admin/staffContext.ts';
import { formatCoins, formatDateTime } from '../../format/format.ts';
import type { GameSettingView } from '../../../core/protocol/adminSettings.ts';
import './reports.css';
import { VipRatesPanel } from './VipRatesPanel.tsx';
import { DisplayRatesPanel } from './DisplayRatesPanel.tsx';
import { ChallengePanel } from './ChallengePanel.tsx';
import { RacePanel } from './RacePanel.tsx';
import { KillSwitchesPanel } from './KillSwitchesPanel.tsx';
import { RiskRulesPanel } from './RiskRulesPanel.tsx';
import { adminSettingUpdate, adminSettings } from '../../../core/protocol/routes/admin.ts';

// /admin/settings: each game's bet range and payout cap (docs/operator-console.md, "Game settings"),
// then the VIP ranks' rates (VipRatesPanel.tsx, docs/vip.md), a new race (RacePanel.tsx) and a new
// challenge (ChallengePanel.tsx, docs/rewards.md).
// Operators read them; admins narrow them within the game's own limits, which the server enforces
// (this page only shows the bounds and the server's refusal).

const FIELDS = [
  { name: 'min_bet', label: 'Min bet' },
  { name: 'max_bet', label: 'Max bet' },
  { name: 'max_payout', label: 'Payout cap' },
] as const;
type Field = (typeof FIELDS)[number]['name'];

function GameForm({ setting, onSaved }: { setting: GameSettingView; onSaved: () => void }) {
  const canEdit = useCan('admin');
  const fromSetting = (): Record<Field, string> => ({ min_bet: String(setting.min_bet), max_bet: String(setting.max_bet), max_payout: String(setting.max_payout) });
  const [values, setValues] = useState(fromSetting);
  const [message, setMessage] = useState<{ text: string; failed: boolean } | null>(null);
  // A save reloads the list: the fields take the stored values, and the form (kept by game, not
  // remade) keeps its "Saved" line, which a remount dropped as soon as the reload arrived.
  const [shownVersion, setShownVersion] = useState(setting.updated_at);
  if (shownVersion !== setting.updated_at) {
    setShownVersion(setting.updated_at);
    setValues(fromSetting());
  }
  const save = async () => {
    const body = Object.fromEntries(FIELDS.map((f) => [f.name, Number(values[f.name])]));
    const failed = await adminSend(adminSettingUpdate, { params: { game: setting.game }, body: body as { min_bet: number; max_bet: number; max_payout: number } });
    setMessage(failed ? { text: failed, failed: true } : { text: 'Saved: every server applies it to the next bet.', failed: false });
    if (!failed) onSaved();
  };
  return (
    <form
      className="admin__panel"
      data-testid={`settings-${setting.game}`}
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <h2>{setting.game}</h2>
      <p className="admin__setting-bounds">
        The game allows bets of {formatCoins(setting.bounds.min_bet)}–{formatCoins(setting.bounds.max_bet)} and a payout cap up to {formatCoins(setting.bounds.max_payout)}.{' '}
        {setting.narrowed ? `Narrowed ${formatDateTime(setting.updated_at!)}.` : 'Not narrowed.'}
      </p>
      <div className="admin__toolbar">
        {FIELDS.map((f) => (
          <TextInput
            key={f.name}
            small
            label={f.label}
            inputMode="decimal"
            value={values[f.name]}
            disabled={!canEdit || (f.name === 'max_payout' && !setting.payout_cap_settable)}
            onChange={(e) => setValues((v) => ({ ...v, [f.name]: e.currentTarget.value.trim() }))}
          />
        ))}
        {canEdit && (
          <Button size="small" type="submit">
            Save
          </Button>
        )}
      </div>
      {!setting.payout_cap_settable && <p className="admin__setting-bounds">Crash caps its payouts by the server&apos;s configuration.</p>}
      {message && (
        <p className={message.failed ? 'admin__error' : 'admin__notice'} role="status">
          {message.text}
        </p>
      )}
    </form>
  );
}

export default function SettingsPage() {
  const { data, error, reload } = useAdminData(adminSettings, {});
  return (
    <section className="admin__section">
      <h1>Game settings</h1>
      {!useCan('admin') && <p className="admin__notice">Only admins change game settings.</p>}
      {error && (
        <p className="admin__error" role="alert">
          {error}
        </p>
      )}
      {data?.data.map((s) => <GameForm key={s.game} setting={s} onSaved={reload} />)}
      <KillSwitchesPanel />
      <VipRatesPanel />
      <DisplayRatesPanel />
      <RacePanel />
      <ChallengePanel />
      <RiskRulesPanel />
    </section>
  );
}
