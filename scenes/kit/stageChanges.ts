import type { Container, RenderGroup } from 'pixi.js';

// Whether the stage differs from the last frame drawn, read from what Pixi v8 itself queues for its
// next render: per render group, the containers whose transform, colour or visibility changed
// (childrenToUpdate), the views whose content changed (childrenRenderablesToUpdate: a Graphics
// redrawn, a Text set, a sprite's texture swapped or updated) and whether children were added or
// removed (structureDidChange). Pixi empties them when it renders. A particle moved inside a
// ParticleContainer is not queued (its positions are uploaded every frame): scenes report such
// motion themselves (SceneLifecycle.animating). tests/scenes/idleFrames.test.ts holds this to the
// Pixi version we ship.

export function stageChanged(stage: Container): boolean {
  // Never drawn yet: Pixi makes the stage a render group on its first render.
  const group = stage.renderGroup as RenderGroup | null | undefined;
  return !group || groupChanged(group);
}

function groupChanged(group: RenderGroup): boolean {
  if (group.structureDidChange || group.childrenRenderablesToUpdate.index > 0) return true;
  for (const depth in group.childrenToUpdate) if (group.childrenToUpdate[depth]!.index > 0) return true;
  return group.renderGroupChildren.some(groupChanged);
}
