import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Alias, UserConfig } from 'vite';
import config from '../../vite.config.ts';

// The client's production build takes react-router's production files (vite.config.ts): the package's
// exports name its development build under every condition, whose route warnings then ship.
const resolved = (mode: string) => (config as (env: { mode: string; command: 'build' }) => UserConfig)({ mode, command: 'build' });

function routerAlias(mode: string): Alias | undefined {
  const alias = resolved(mode).resolve?.alias;
  return Array.isArray(alias) ? alias.find((a) => a.find instanceof RegExp && a.find.test('react-router')) : undefined;
}

describe('react-router in the production build', () => {
  it('resolves to the production files, whose development warnings are off', () => {
    const alias = routerAlias('production');
    expect(alias, 'vite.config.ts aliases react-router in production').toBeDefined();
    expect(alias!.find instanceof RegExp && alias!.find.test('react-router/dom')).toBe(false);
    const entry = readFileSync(alias!.replacement, 'utf8');
    const chunks = [...entry.matchAll(/from "\.\/(chunk-[A-Z0-9]+\.mjs)"/g)].map((m) => readFileSync(new URL(m[1]!, `file://${alias!.replacement}`), 'utf8'));
    const flags = chunks.flatMap((text) => [...text.matchAll(/ENABLE_DEV_WARNINGS = (true|false)/g)].map((m) => m[1]));
    expect(flags).toEqual(['false']);
  });

  it('is left to the package in development and tests', () => {
    expect(routerAlias('development')).toBeUndefined();
    expect(routerAlias('test')).toBeUndefined();
  });
});
