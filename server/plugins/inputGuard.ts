import type { FastifyInstance } from 'fastify';
import { findNul, NUL_MESSAGE } from '../../core/protocol/text.ts';
import { validationError } from '../http/errors.ts';

// Every route, with a schema or not (the OAuth token endpoint reads its body by hand), refuses a
// NUL character in its path parameters, query or body before validation: 422 `{message, errors}`
// naming the field, where PostgreSQL would otherwise fail the query with a 500.
export function installInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    for (const [part, value] of [['params', request.params], ['query', request.query], ['body', request.body]] as const) {
      const path = findNul(value);
      if (path !== null) {
        done(validationError({ [path || part]: [NUL_MESSAGE] }));
        return;
      }
    }
    done();
  });
}
