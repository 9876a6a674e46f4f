import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../admin/guard.ts';
import { readGameSettings, setGameLimits } from '../../gameSettings/gameSettings.ts';
import { settingView } from '../../gameSettings/settingViews.ts';
import { route } from '../../http/route.ts';
import { routes } from '../../../core/protocol/routeTable.ts';

// The console's game settings (docs/operator-console.md, "Game settings"): every staff member sees
// them, only admins change them. Read from the table (not this node's copy), so the page shows what
// every node is about to apply.
export default async function gameSettingsRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();

  route(app, routes.adminSettings, {}, async () => ({ data: (await readGameSettings(root.db)).map(settingView) }));

  route(app, routes.adminSettingUpdate, { config: { staffRole: 'admin' } }, async (request) => {
    const { game } = request.params;
    const { min_bet: minBet, max_bet: maxBet, max_payout: maxPayout } = request.body;
    await setGameLimits(root.db, root.bus, actorOf(request), game, { minBet, maxBet, maxPayout });
    // This node applies it now, before answering (the others on the bus message).
    await root.gameSettings.reload();
    const saved = (await readGameSettings(root.db)).find((s) => s.game === game)!;
    return { message: 'Settings saved.', data: settingView(saved) };
  });
}
