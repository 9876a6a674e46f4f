import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';

// The request a piece of work belongs to, followed through its awaits (AsyncLocalStorage), so that
// what a request causes far from its handler carries its id without being handed it: domain code's
// log lines (it logs through the app's root logger: server/logger.ts adds the id) and the bus
// messages it publishes (server/realtime/bus.ts). A store of the process, not of an app: the async
// context is the process's, and each request's id is its own app's.

const requests = new AsyncLocalStorage<string>();

/** The id of the request whose work is running, if any (a round loop's tick belongs to none). */
export const currentRequestId = (): string | undefined => requests.getStore();

/** Runs each request's hooks and handler in its context. */
export function installRequestContext(app: FastifyInstance): void {
  const enter = (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) => requests.run(request.id, done);
  app.addHook('onRequest', enter);
  // Again once the body is read: the body's stream events resumed outside the request's context.
  app.addHook('preValidation', enter);
}
