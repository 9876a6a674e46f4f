import type { FastifyInstance } from 'fastify';
import { installStaffGuard } from '../../admin/guard.ts';
import staffRoutes from './staff.ts';
import playersRoutes from './players.ts';
import supportAdminRoutes from './support.ts';
import codesShippingRoutes from './codesShipping.ts';
import catalogRoutes from './catalog.ts';
import itemPhotoRoutes from './itemPhotos.ts';
import reportRoutes from './reports.ts';
import codeReviewRoutes from './codeReviews.ts';
import adminChatRoutes from './chat.ts';
import killSwitchRoutes from './killSwitches.ts';
import kycAdminRoutes from './kyc.ts';
import displayRatesAdminRoutes from './displayRates.ts';

// The operator console's API (docs/operator-console.md): every route under /api/admin, each area in
// its own file, all registered inside this one scope whose guard checks the staff role and the
// second factor before any handler runs. Add a console area here.
export default async function adminRoutes(app: FastifyInstance) {
  installStaffGuard(app);
  await app.register(staffRoutes);
  await app.register(playersRoutes);
  await app.register(supportAdminRoutes);
  await app.register(codesShippingRoutes);
  await app.register(catalogRoutes);
  await app.register(itemPhotoRoutes);
  await app.register(reportRoutes);
  await app.register(codeReviewRoutes);
  await app.register(adminChatRoutes);
  await app.register(killSwitchRoutes);
  await app.register(kycAdminRoutes);
  await app.register(displayRatesAdminRoutes);
}
