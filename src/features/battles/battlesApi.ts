import { call } from '../../api/call.ts';
import { refusalOf } from '../../api/http.ts';
import * as battleRoutes from '../../../core/protocol/routes/battles.ts';
import type {
  BattleAddBotsRequest,
  BattleCreateRequest,
  BattleDetail,
  BattleJoinRequest,
  BattleListAnswer,
  BattleListQuery,
  BattleParticipant,
  BattleRefusal,
} from '../../../core/protocol/battle.ts';
import type { ValidationAnswer } from '../../../core/protocol/errorSchemas.ts';

// The battles area's calls (server/routes/api/battles.ts). Amounts are coins; the answers' types
// are their schemas' (core/protocol/battle.ts).

export async function fetchBattles(query: BattleListQuery): Promise<BattleListAnswer> {
  const params = Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined && v !== ''));
  return call(battleRoutes.battles, { query: params });
}

/** `key`: a private battle's link key (docs/battles.md). */
export async function fetchBattle(id: number | string, key?: string | null): Promise<BattleDetail> {
  return (await call(battleRoutes.battle, { params: { id }, query: key ? { key } : {} })).data;
}

export async function fetchBots(): Promise<BattleParticipant[]> {
  return (await call(battleRoutes.battleBots, {})).data;
}

export async function createBattle(body: BattleCreateRequest): Promise<{ id: number; key: string | null; msg: string }> {
  const answer = await call(battleRoutes.battleCreate, { body });
  return { id: answer.data.id, key: answer.data.key ?? null, msg: answer.msg };
}

export async function joinBattle(id: number, teamIdx?: number, key?: string | null): Promise<string> {
  const body: BattleJoinRequest = { ...(teamIdx === undefined ? {} : { team_idx: teamIdx }), ...(key ? { key } : {}) };
  return (await call(battleRoutes.battleJoin, { params: { id }, body })).msg;
}

export async function addBots(id: number, bots: number, teamIdx?: number): Promise<string> {
  const body: BattleAddBotsRequest = teamIdx === undefined ? { bots } : { bots, team_idx: teamIdx };
  return (await call(battleRoutes.battleAddBots, { params: { id }, body })).msg;
}

export async function cancelBattle(id: number): Promise<string> {
  return (await call(battleRoutes.battleCancel, { params: { id } })).msg;
}

/** The battle create error toast: the first errors.boxes message when there is one (docs/product.md §5). */
export function battleErrorText(error: unknown, fallback: string): string {
  const body = refusalOf<Partial<BattleRefusal & ValidationAnswer>>(error);
  return body?.errors?.boxes?.[0] ?? body?.data?.msg ?? body?.message ?? fallback;
}
