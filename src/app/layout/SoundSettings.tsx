import { useRef, useState, useSyncExternalStore } from 'react';
import { onSoundSettingsChange, readSoundMuted, storeSoundMuted } from '../../../scenes/kit/soundSetting.ts';
import { readSoundVolumes, storeSoundVolumes, type SoundVolumes } from '../../../scenes/kit/soundVolumes.ts';
import { usePopperDismiss } from '../usePopperDismiss.ts';
import { SOUND_TOGGLE } from './SoundToggle.tsx';
import './soundSettings.css';

// The sound settings popover (docs/client-shell.md, "Sound settings"), opened by the header's sound
// control: Mute sounds, then the master, effects and music volumes, kept on this device
// (scenes/kit/soundSetting.ts). Each change is stored at once; the scenes playing follow it
// (SceneSound) and every later sound reads it. Escape and a press outside close it.

const SLIDERS: { key: keyof SoundVolumes; label: string }[] = [
  { key: 'master', label: 'Master volume' },
  { key: 'effects', label: 'Effects' },
  { key: 'music', label: 'Music' },
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
    <div className="sound-settings" ref={panel} role="dialog" aria-label="Sound">
      <div className="sound-settings__head">
        <h2>Sound</h2>
        <button type="button" className={`sound-settings__mute${muted ? ' is-on' : ''}`} aria-pressed={muted} onClick={() => storeSoundMuted(!muted)}>
          Mute sounds
        </button>
      </div>
      {SLIDERS.map(({ key, label }) => {
        const percent = Math.round(volumes[key] * 100);
        return (
          <label key={key} className="sound-settings__row">
            <span>{label}</span>
            <input type="range" min={0} max={100} step={5} value={percent} aria-valuetext={`${percent}%`} onChange={(e) => change(key, Number(e.target.value))} />
            <output>{percent}%</output>
          </label>
        );
      })}
      <p className="sound-settings__note">{muted ? 'Muted on this device.' : 'Kept on this device.'}</p>
    </div>
  );
}
