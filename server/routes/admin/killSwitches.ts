import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../admin/guard.ts';
import { readKillSwitches, setKillSwitch } from '../../killSwitches/killSwitches.ts';
import { switchView } from '../../killSwitches/switchViews.ts';
import { route } from '../../http/route.ts';
import { routes } from '../../../core/protocol/routeTable.ts';

// The console's kill switches (docs/operator-console.md, "Kill switches"): every staff member sees
// them, only admins switch them. Read from the table (not this node's copy), so the page shows what
// every node is about to apply.
export default async function killSwitchRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();

  route(app, routes.adminKillSwitches, {}, async () => ({ data: (await readKillSwitches(root.db)).map(switchView) }));

  route(app, routes.adminKillSwitchUpdate, { config: { staffRole: 'admin' } }, async (request) => {
    const { key } = request.params;
    await setKillSwitch(root.db, root.bus, actorOf(request), key, request.body);
    // This node applies it now, before answering (the others on the bus message).
    await root.killSwitches.reload();
    const saved = (await readKillSwitches(root.db)).find((s) => s.key === key)!;
    return { message: saved.enabled ? 'Switched on.' : 'Switched off.', data: switchView(saved) };
  });
}
