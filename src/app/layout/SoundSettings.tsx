import { useRef, useState, useSyncExternalStore } from 'react';
import { onSoundSettingsChange, readSoundMuted, storeSoundMuted } from '../../../scenes/kit/soundSetting.ts';
import { readSoundVolumes, storeSoundVolumes, type SoundVolumes } from '../../../scenes/kit/soundVolumes.ts';
import { usePopperDismiss } from '../usePopperDismiss.ts';
import { SOUND_TOGGLE } from './SoundToggle.tsx';
import './soundSettings.css';
import messages from './i18n/en-US.json';
import { translator } from '../../i18n/i18n.ts';

const t = translator(messages);

// The sound settings popover (docs/client-shell.md, "Sound settings"), opened by the header's sound
// control: Mute sounds, then the master, effects and music volumes, kept on this device
// (scenes/kit/soundSetting.ts). Each change is stored at once; the scenes playing follow it
// (SceneSound) and every later sound reads it. Escape and a press outside close it.

const SLIDERS: { key: keyof SoundVolumes; label: keyof typeof messages }[] = [
  { key: 'master', label: 'masterVolume' },
  { key: 'effects', label: 'effects' },
  { key: 'music', label: 'music' },
];

export default function SoundSettings({ onClose }: { onClose(): void }) {
  const panel = useRef<HTMLDivElement>(null);
  usePopperDismiss(true, panel, SOUND_TOGGLE, onClose);
  const muted = useSyncExternalStore(onSoundSettingsChange, readSoundMuted);
  const [volumes, setVolumes] = useState(readSoundVolumes);
  const change = (key: keyof SoundVolumes, percent: number) => {
    const next = { ...volumes, [key]: percent / 100 };
    storeSoundVolumes(next);
    setVolumes(next);
  };
  return (
    <div className="sound-settings" ref={panel} role="dialog" aria-label={t('sound')}>
      <div className="sound-settings__head">
        <h2>{t('sound')}</h2>
        <button type="button" className={`sound-settings__mute${muted ? ' is-on' : ''}`} aria-pressed={muted} onClick={() => storeSoundMuted(!muted)}>
          {t('muteSounds')}
        </button>
      </div>
      {SLIDERS.map(({ key, label }) => {
        const percent = Math.round(volumes[key] * 100);
        return (
          <label key={key} className="sound-settings__row">
            <span>{t(label)}</span>
            <input type="range" min={0} max={100} step={5} value={percent} aria-valuetext={`${percent}%`} onChange={(e) => change(key, Number(e.target.value))} />
            <output>{percent}%</output>
          </label>
        );
      })}
      <p className="sound-settings__note">{muted ? t('mutedHere') : t('keptHere')}</p>
    </div>
  );
}
