import defaults from './tuning.json' with { type: 'json' };
import { defineTuning, tune } from '../kit/tuning.ts';

// The upgrade gauge's tuning (scenes/kit/tuning.ts): the pointer's pull-back and spin, the pop at
// the verdict, the sparks of a win, the win arc's colour and glow, the sound cues.

export const upgradeTuning = defineTuning('upgrade', defaults, {
  turns: tune.range('Whole turns before the stop', 0, 10, 1),
  pullBackSeconds: tune.seconds('Pull-back', 1),
  pullBackAngle: tune.range('Pull-back angle (rad)', 0, 1, 0.01),
  pullBackEase: tune.ease('Pull-back'),
  spinSeconds: tune.seconds('Spin', 10, 0.5),
  spinEase: tune.ease('Spin'),
  tickGapMs: tune.range('Least gap between ticks (ms)', 0, 200, 5),
  winSparks: tune.count('Sparks on a win', 200),
  sparkSpeed: tune.range('Spark speed', 1, 20, 0.5),
  winPopScale: tune.range('Pop scale on a win', 1, 1.3, 0.01),
  losePopScale: tune.range('Pop scale on a loss', 0.7, 1, 0.01),
  popSeconds: tune.seconds('Verdict pop', 2),
  popEase: tune.ease('Verdict pop'),
  arcColour: tune.colour('Win arc'),
  glowSpread: tune.range('Arc glow blur (track widths)', 0, 2, 0.05),
  glowAlpha: tune.range('Arc glow strength', 0, 1, 0.05),
  spinCue: tune.cue('Spin'),
  tickCue: tune.cue('Tick'),
  winCue: tune.cue('Win'),
  loseCue: tune.cue('Loss'),
});
