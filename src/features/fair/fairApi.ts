import { api } from '../../api/http.ts';
import type { PublicBoxVersion } from '../../../core/protocol/boxes.ts';
import type { ClientSeedBody, PublishedChain, PublishedChainsAnswer, RotateAnswer, SeedHistoryPage, SeedRotationAnswer, SeedState, SeedStateAnswer } from '../../../core/protocol/fair.ts';

// Calls of the provably fair area (docs/fairness.md); the answers' types are their schemas' (core/protocol/fair.ts).
export async function fetchSeeds(): Promise<SeedState> {
  return (await api.get<SeedStateAnswer>('/api/fair/seeds')).data.data;
}

export async function saveClientSeed(clientSeed: string): Promise<SeedState> {
  const body: ClientSeedBody = { client_seed: clientSeed };
  return (await api.post<SeedStateAnswer>('/api/fair/seeds/client', body)).data.data;
}

export async function rotateSeeds(): Promise<RotateAnswer> {
  return (await api.post<SeedRotationAnswer>('/api/fair/seeds/rotate')).data.data;
}

export async function fetchSeedHistory(page = 1): Promise<SeedHistoryPage> {
  return (await api.get<SeedHistoryPage>('/api/fair/seeds/history', { params: { page } })).data;
}

export async function fetchChains(): Promise<PublishedChain[]> {
  return (await api.get<PublishedChainsAnswer>('/api/fair/chains')).data.data;
}

/** The odds a box opening was played with (its box version), for the box calculator's verify links. */
export async function fetchBoxVersion(id: number): Promise<PublicBoxVersion> {
  return (await api.get<{ data: PublicBoxVersion }>(`/api/box-versions/${id}`)).data.data;
}
