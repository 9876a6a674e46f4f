import { api } from '../../api/http.ts';
import type { PublishedChain, RotateAnswer, SeedHistoryPage, SeedState } from '../../../core/protocol/fair.ts';

// Calls of the provably fair area (docs/fairness.md).
export async function fetchSeeds(): Promise<SeedState> {
  return (await api.get<{ data: SeedState }>('/api/fair/seeds')).data.data;
}

export async function saveClientSeed(clientSeed: string): Promise<SeedState> {
  return (await api.post<{ data: SeedState }>('/api/fair/seeds/client', { client_seed: clientSeed })).data.data;
}

export async function rotateSeeds(): Promise<RotateAnswer> {
  return (await api.post<{ data: RotateAnswer }>('/api/fair/seeds/rotate')).data.data;
}

export async function fetchSeedHistory(page = 1): Promise<SeedHistoryPage> {
  return (await api.get<SeedHistoryPage>('/api/fair/seeds/history', { params: { page } })).data;
}

export async function fetchChains(): Promise<PublishedChain[]> {
  return (await api.get<{ data: PublishedChain[] }>('/api/fair/chains')).data.data;
}
