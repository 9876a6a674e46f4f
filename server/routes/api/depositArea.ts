import type { FastifyInstance } from 'fastify';
import depositRoutes from './deposit.ts';
import paymentRoutes from './payments.ts';
import sandboxRoutes from './sandbox.ts';
import invoiceRoutes from './invoices.ts';

// The wallet-and-deposits area's routes (each its own encapsulated plugin: the payment callbacks
// replace the body parsers in their scope only).
export default async function depositArea(app: FastifyInstance) {
  await app.register(depositRoutes);
  await app.register(paymentRoutes);
  await app.register(sandboxRoutes);
  await app.register(invoiceRoutes);
}
