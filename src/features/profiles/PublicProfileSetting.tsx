import { Link } from 'react-router';
import { call } from '../../api/call.ts';
import { useSavedSetting } from '../../api/useSavedSetting.ts';
import { publicProfileSettings, publicProfileSettingsSet } from '../../../core/protocol/routes/profiles.ts';
import { PUBLIC_STAT_LABELS, PUBLIC_STATS, type PublicStat } from '../../../core/protocol/publicStats.ts';
import { Checkbox } from '../../components/Checkbox.tsx';

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
    <section className="profile-public" aria-label="Public profile">
      <h2>Public profile</h2>
      <p>
        Other players see your name, level and badges on <Link to={`/players/${encodeURIComponent(name)}`}>your public page</Link>, and these figures unless you untick them:
      </p>
      <div className="profile-public__options">
        {PUBLIC_STATS.map((stat) => (
          <Checkbox key={stat} label={PUBLIC_STAT_LABELS[stat]} checked={hidden !== null && !hidden.includes(stat)} disabled={hidden === null} onChange={(e) => toggle(stat, e.target.checked)} />
        ))}
      </div>
      {error && <p role="alert">{error}</p>}
    </section>
  );
}
