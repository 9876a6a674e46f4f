import type { FastifyInstance } from 'fastify';
import { findUnstorableText, TOO_DEEP, TOO_DEEP_MESSAGE } from '../../core/protocol/text.ts';
import { msgError, validationError } from '../http/errors.ts';

// Every route, with a schema or not (the OAuth token endpoint reads its body by hand), refuses a
// NUL character or a lone UTF-16 surrogate in any string of its path parameters, query or body
// before validation: 422 `{message, errors}` naming the field, where PostgreSQL would otherwise
// fail the query with a 500. One check for every string, so no text field can be added without it. Input nested past
// MAX_INPUT_DEPTH is refused with 400 before anything walks it. A missing body is an empty one.
export function installInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    // A POST without a body (what `curl -X POST` and most HTTP clients send) is an empty object: a
    // route whose fields are all optional takes it, any other names its missing fields (422),
    // instead of answering that the body itself is missing.
    if (request.body == null && request.routeOptions.schema?.body) request.body = {};
    for (const [part, value] of [['params', request.params], ['query', request.query], ['body', request.body]] as const) {
      const found = findUnstorableText(value);
      if (found === TOO_DEEP) {
        done(msgError(400, TOO_DEEP_MESSAGE));
        return;
      }
      if (found !== null) {
        done(validationError({ [found.path || part]: [found.message] }));
        return;
      }
    }
    done();
  });
}
