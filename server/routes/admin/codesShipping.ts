import type { FastifyInstance } from 'fastify';
import codesRoutes from './codes.ts';
import shippingRoutes from './shipping.ts';

// The console area "codes and shipping" (docs/operator-console.md): one register line in index.ts.
export default async function codesShippingRoutes(app: FastifyInstance) {
  await app.register(codesRoutes);
  await app.register(shippingRoutes);
}
