import { api } from '../../api/http.ts';
import type {
  BattleAddBotsRequest,
  BattleBotsAnswer,
  BattleCreateAnswer,
  BattleCreateRequest,
  BattleDetail,
  BattleDetailAnswer,
  BattleJoinRequest,
  BattleListAnswer,
  BattleListQuery,
  BattleMsgAnswer,
  BattleParticipant,
  BattleRefusal,
} from '../../../core/protocol/battle.ts';
import type { ValidationAnswer } from '../../../core/protocol/errorSchemas.ts';

// The battles area's calls (server/routes/api/battles.ts). Amounts are coins; the answers' types
// are their schemas' (core/protocol/battle.ts).

export async function fetchBattles(query: BattleListQuery): Promise<BattleListAnswer> {
  const params = Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined && v !== ''));
  return (await api.get<BattleListAnswer>('/api/battles', { params })).data;
}

/** `key`: a private battle's link key (docs/battles.md). */
export async function fetchBattle(id: number | string, key?: string | null): Promise<BattleDetail> {
  return (await api.get<BattleDetailAnswer>(`/api/battles/${id}`, key ? { params: { key } } : undefined)).data.data;
}

export async function fetchBots(): Promise<BattleParticipant[]> {
  return (await api.get<BattleBotsAnswer>('/api/battles/bots')).data.data;
}

export async function createBattle(body: BattleCreateRequest): Promise<{ id: number; key: string | null; msg: string }> {
  const answer = (await api.post<BattleCreateAnswer>('/api/battles/create', body)).data;
  return { id: answer.data.id, key: answer.data.key ?? null, msg: answer.msg };
}

export async function joinBattle(id: number, teamIdx?: number, key?: string | null): Promise<string> {
  const body: BattleJoinRequest = { ...(teamIdx === undefined ? {} : { team_idx: teamIdx }), ...(key ? { key } : {}) };
  return (await api.post<BattleMsgAnswer>(`/api/battles/${id}/join`, body)).data.msg;
}

export async function addBots(id: number, bots: number, teamIdx?: number): Promise<string> {
  const body: BattleAddBotsRequest = teamIdx === undefined ? { bots } : { bots, team_idx: teamIdx };
  return (await api.post<BattleMsgAnswer>(`/api/battles/${id}/add-bots`, body)).data.msg;
}

export async function cancelBattle(id: number): Promise<string> {
  return (await api.post<BattleMsgAnswer>(`/api/battles/${id}/cancel`)).data.msg;
}

/** The battle create error toast: the first errors.boxes message when there is one (docs/product.md §5). */
export function battleErrorText(error: unknown, fallback: string): string {
  const body = (error as { response?: { data?: Partial<BattleRefusal & ValidationAnswer> } })?.response?.data;
  return body?.errors?.boxes?.[0] ?? body?.data?.msg ?? body?.message ?? fallback;
}
