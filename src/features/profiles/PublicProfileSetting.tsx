import { Link } from 'react-router';
import { call } from '../../api/call.ts';
import { useSavedSetting } from '../../api/useSavedSetting.ts';
import { publicProfileSettings, publicProfileSettingsSet } from '../../../core/protocol/routes/profiles.ts';
import { PUBLIC_STATS, type PublicStat } from '../../../core/protocol/publicStats.ts';
import { Checkbox } from '../../components/Checkbox.tsx';
import messages from './i18n/en-US.json';
import { translator } from '../../i18n/i18n.ts';
import { richText } from '../../i18n/richText.tsx';
import { publicStatLabel } from './publicStats.ts';

const t = translator(messages);

// What the player's public page (/players/{name}, docs/community.md "Public profiles") shows of their
// play: every figure unless they untick it. Each change is sent at once and the server's answer kept.
export function PublicProfileSetting({ name }: { name: string }) {
  const { value: hidden, error, change } = useSavedSetting(
    async () => (await call(publicProfileSettings, {})).data.hidden,
    async (next: PublicStat[]) => (await call(publicProfileSettingsSet, { body: { hidden: next } })).data.hidden,
  );
  const toggle = (stat: PublicStat, show: boolean) => {
    if (hidden) change(show ? hidden.filter((s) => s !== stat) : [...hidden, stat]);
  };
  return (
    <section className="profile-public" aria-label={t('publicProfile')}>
      <h2>{t('publicProfile')}</h2>
      <p>
        {richText(t, 'publicProfileNote', { publicPage: <Link to={`/players/${encodeURIComponent(name)}`}>{t('yourPublicPage')}</Link> })}
      </p>
      <div className="profile-public__options">
        {PUBLIC_STATS.map((stat) => (
          <Checkbox key={stat} label={publicStatLabel(stat)} checked={hidden !== null && !hidden.includes(stat)} disabled={hidden === null} onChange={(e) => toggle(stat, e.target.checked)} />
        ))}
      </div>
      {error && <p role="alert">{error}</p>}
    </section>
  );
}
