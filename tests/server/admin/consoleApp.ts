import { afterAll, beforeAll } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestApp } from '../../helpers/testApp.ts';
import { createStaff } from '../../helpers/staff.ts';

/**
 * A test app with an operator for a describe block: `get` and `post` send as that operator. Read
 * `app` and `operator` inside tests (they are set by beforeAll).
 */
export function consoleApp(env: Record<string, string> = {}) {
  const state = {} as { app: FastifyInstance; operator: Awaited<ReturnType<typeof createStaff>> };
  beforeAll(async () => {
    state.app = await createTestApp(env);
    state.operator = await createStaff(state.app, 'operator');
  });
  afterAll(() => state.app.close());
  return {
    state,
    get: (url: string) => state.app.inject({ method: 'GET', url, headers: state.operator.headers }),
    post: (url: string, payload?: Record<string, unknown>) => state.app.inject({ method: 'POST', url, headers: state.operator.headers, ...(payload === undefined ? {} : { payload }) }),
  };
}
