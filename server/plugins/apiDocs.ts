import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

// The OpenAPI document of every route, generated from the routes' zod schemas (request and
// response), and the Swagger UI viewer. The document is built in every environment (the fuzz and
// IDOR tests walk it through app.swagger()); it is served at /api/docs/json, and the viewer at
// /api/docs, only with API_DOCS (default: everywhere but production, docs/security.md).
// The viewer loads only its own same-origin assets, so the shop's strict CSP applies unchanged.

export const API_DOCS_PREFIX = '/api/docs';

/** Registers the document generator; call before any route is registered (it collects them onRoute). */
export async function installApiDocs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Mystery box shop API', version: '1.0.0', description: 'Every route of the shop. Amounts are coins with at most two decimals. Errors: docs/architecture.md.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  if (!app.config.apiDocs) return;
  await app.register(swaggerUi, {
    routePrefix: API_DOCS_PREFIX,
    // The validator badge would load an image from validator.swagger.io; the CSP allows only 'self'.
    uiConfig: { validatorUrl: null, deepLinking: false },
    staticCSP: false,
  });
}
