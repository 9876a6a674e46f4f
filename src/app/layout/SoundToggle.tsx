import { lazy, Suspense, useState, useSyncExternalStore } from 'react';
import { Volume2, VolumeX } from 'lucide-react';
import { onSoundSettingsChange, readSoundMuted } from '../../../scenes/kit/soundSetting.ts';
import messages from './i18n/en-US.json';
import { translator } from '../../i18n/i18n.ts';

const t = translator(messages);

// The popover's code loads the first time it opens (the header is in every page's first load).
const SoundSettings = lazy(() => import('./SoundSettings.tsx'));

/** Marks the toggle, so a press on it is not a press outside the popover (usePopperDismiss). */
export const SOUND_TOGGLE = 'data-sound-toggle';

/**
 * The header's sound control (docs/client-shell.md, "Sound settings"): its icon says whether sounds
 * are muted on this device, and it opens the sound settings (mute, master, effects and music
 * volumes, scenes/kit/soundSetting.ts and soundVolumes.ts), which the scenes read before every sound.
 */
export function SoundToggle() {
  const muted = useSyncExternalStore(onSoundSettingsChange, readSoundMuted, () => false);
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="icon-button" aria-label={t('soundSettings')} aria-expanded={open} aria-haspopup="dialog" title={muted ? t('soundsOff') : t('soundsOn')} onClick={() => setOpen(!open)} data-testid="sound-toggle" {...{ [SOUND_TOGGLE]: '' }}>
        {muted ? <VolumeX size={20} aria-hidden /> : <Volume2 size={20} aria-hidden />}
      </button>
      {open && (
        <Suspense fallback={null}>
          <SoundSettings onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
