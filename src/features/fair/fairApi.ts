import { call } from '../../api/call.ts';
import { fairChains, fairClientSeed, fairRotate, fairSeedHistory, fairSeeds } from '../../../core/protocol/routes/player.ts';
import { boxVersion } from '../../../core/protocol/routes/boxes.ts';
import type { PublicBoxVersion } from '../../../core/protocol/boxes.ts';
import type { ClientSeedBody, PublishedChain, RotateAnswer, SeedHistoryPage, SeedState } from '../../../core/protocol/fair.ts';

// Calls of the provably fair area (docs/fairness.md); the answers' types are their schemas' (core/protocol/fair.ts).
export async function fetchSeeds(): Promise<SeedState> {
  return (await call(fairSeeds, {})).data;
}

export async function saveClientSeed(clientSeed: string): Promise<SeedState> {
  const body: ClientSeedBody = { client_seed: clientSeed };
  return (await call(fairClientSeed, { body })).data;
}

export async function rotateSeeds(): Promise<RotateAnswer> {
  return (await call(fairRotate, {})).data;
}

export async function fetchSeedHistory(page = 1): Promise<SeedHistoryPage> {
  return call(fairSeedHistory, { query: { page } });
}

export async function fetchChains(): Promise<PublishedChain[]> {
  return (await call(fairChains, {})).data;
}

/** The odds a box opening was played with (its box version), for the box calculator's verify links. */
export async function fetchBoxVersion(id: number): Promise<PublicBoxVersion> {
  return (await call(boxVersion, { params: { id } })).data;
}
