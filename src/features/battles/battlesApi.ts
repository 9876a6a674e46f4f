import { api } from '../../api/http.ts';
import type { BattleCreateRequest, BattleDetail, BattleListQuery, BattleParticipant, BattleSummary } from '../../../core/protocol/battle.ts';

// The battles area's calls (server/routes/api/battles.ts). Amounts are coins.

export interface BattleList {
  data: BattleSummary[];
  links: { next: string | null };
  meta: { total: number; current_page: number; last_page: number };
}

export async function fetchBattles(query: BattleListQuery): Promise<BattleList> {
  const params = Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined && v !== ''));
  return (await api.get<BattleList>('/api/battles', { params })).data;
}

/** `key`: a private battle's link key (docs/battles.md). */
export async function fetchBattle(id: number | string, key?: string | null): Promise<BattleDetail> {
  return (await api.get<{ data: BattleDetail }>(`/api/battles/${id}`, key ? { params: { key } } : undefined)).data.data;
}

export async function fetchBots(): Promise<BattleParticipant[]> {
  return (await api.get<{ data: BattleParticipant[] }>('/api/battles/bots')).data.data;
}

export async function createBattle(body: BattleCreateRequest): Promise<{ id: number; key: string | null; msg: string }> {
  const answer = (await api.post<{ data: { id: number; key: string | null }; msg: string }>('/api/battles/create', body)).data;
  return { id: answer.data.id, key: answer.data.key ?? null, msg: answer.msg };
}

export async function joinBattle(id: number, teamIdx?: number, key?: string | null): Promise<string> {
  return (await api.post<{ msg: string }>(`/api/battles/${id}/join`, { ...(teamIdx === undefined ? {} : { team_idx: teamIdx }), ...(key ? { key } : {}) })).data.msg;
}

export async function addBots(id: number, bots: number, teamIdx?: number): Promise<string> {
  return (await api.post<{ msg: string }>(`/api/battles/${id}/add-bots`, teamIdx === undefined ? { bots } : { bots, team_idx: teamIdx })).data.msg;
}

export async function cancelBattle(id: number): Promise<string> {
  return (await api.post<{ msg: string }>(`/api/battles/${id}/cancel`)).data.msg;
}

/** The battle create error toast: the first errors.boxes message when there is one (docs/product.md §5). */
export function battleErrorText(error: unknown, fallback: string): string {
  const body = (error as { response?: { data?: { errors?: { boxes?: string[] }; data?: { msg?: string }; message?: string } } })?.response?.data;
  return body?.errors?.boxes?.[0] ?? body?.data?.msg ?? body?.message ?? fallback;
}
