import defaults from './tuning.json' with { type: 'json' };
import { defineTuning, tune } from '../kit/tuning.ts';

// The crash scene's tuning (scenes/kit/tuning.ts): the stars, the curve's stroke and area, the
// head's glow, the cash-out markers, the explosion (sparks, shake, flash) and the sound cues. The
// curve m(t) and its tiers are the game's (core/games/crash.ts), not tuning.

export const crashTuning = defineTuning('crash', defaults, {
  stars: tune.count('Stars', 300),
  curveWidth: tune.range('Curve width (px)', 1, 12, 0.5),
  areaAlpha: tune.range('Area under the curve opacity', 0, 1, 0.01),
  headGlowScale: tune.range('Head glow size', 0, 4, 0.05),
  maxMarks: tune.count("Other players' markers shown", 100),
  myMarkColour: tune.colour('My cash-out marker'),
  otherMarkColour: tune.colour("Others' cash-out markers"),
  bustSparks: tune.count('Sparks at the crash', 200),
  bustSparkColour: tune.colour('Crash sparks'),
  emberSparks: tune.count('Embers at the crash', 200),
  emberColour: tune.colour('Embers'),
  sparkSpeed: tune.range('Spark speed', 1, 20, 0.5),
  shakeMs: tune.range('Shake (ms)', 0, 1500, 10),
  shakePx: tune.range('Shake (px)', 0, 30, 1),
  flashColour: tune.colour('Crash flash'),
  flashSize: tune.range('Crash flash size (px)', 0, 1200, 10),
  flashGrowSeconds: tune.seconds('Crash flash growth', 3),
  flashGrowEase: tune.ease('Crash flash growth'),
  flashFadeSeconds: tune.seconds('Crash flash fade', 3),
  flashFadeEase: tune.ease('Crash flash fade'),
  engineCue: tune.cue('Engine loop'),
  engineVolume: tune.range('Engine volume', 0, 1, 0.05),
  cashOutCue: tune.cue('My cash-out'),
  bustCue: tune.cue('Crash'),
});
