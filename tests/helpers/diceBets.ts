import type { FastifyInstance } from 'fastify';
import { createPlayer } from './testApp.ts';

/** Players who each played `bets` dice bets of 1 coin through the route (stakes, wins, journal rows and rolls written as in play). */
export async function playersWithDiceBets(app: FastifyInstance, players: number, bets: number): Promise<void> {
  for (let p = 0; p < players; p++) {
    const player = await createPlayer(app, { balance: 100_00 });
    for (let b = 0; b < bets; b++) {
      const res = await app.inject({ method: 'POST', url: '/api/dice/bet', headers: player.headers, payload: { amount: 1, target: 50, direction: 'under' } });
      if (res.statusCode !== 200) throw new Error(`dice bet refused: ${res.statusCode} ${res.body}`);
    }
  }
}
