import { useState } from 'react';
import { Volume2, VolumeX } from 'lucide-react';
import { readSoundMuted, storeSoundMuted } from '../../../scenes/kit/soundSetting.ts';

/**
 * The visible mute control (docs/client-shell.md): the muted setting the scenes read before every
 * cue (localStorage, docs/product.md §4), and Howler's global mute so a sound already playing stops (howler loaded on the click, not
 * with every page).
 */
export function SoundToggle() {
  const [muted, setMuted] = useState(readSoundMuted);
  const toggle = () => {
    const next = !muted;
    storeSoundMuted(next);
    // howler comes with the scenes: when a page has one, this is the same instance, already loaded.
    void import('howler').then(({ Howler }) => Howler.mute(next));
    setMuted(next);
  };
  return (
    <button type="button" className="icon-button" aria-label="Mute sounds" aria-pressed={muted} title={muted ? 'Sounds off' : 'Sounds on'} onClick={toggle} data-testid="sound-toggle">
      {muted ? <VolumeX size={20} aria-hidden /> : <Volume2 size={20} aria-hidden />}
    </button>
  );
}
