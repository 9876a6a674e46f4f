import { route } from '../route.ts';
import type * as contract from './schemas/boxes.ts';

// The shop's boxes, free and bonus boxes, player-made boxes, demo spins, drops and box versions.
// Each entry: method and path, typed by its contract in ./schemas/boxes.ts (core/protocol/route.ts).

export const bonusBoxes = route<typeof contract.bonusBoxes>()('GET', '/api/free-boxes/bonus');
export const bonusBoxOpen = route<typeof contract.bonusBoxOpen>()('POST', '/api/free-boxes/bonus/:id/open');
export const boxes = route<typeof contract.boxes>()('GET', '/api/boxes');
export const box = route<typeof contract.box>()('GET', '/api/boxes/:slug');
export const boxOpen = route<typeof contract.boxOpen>()('POST', '/api/boxes/:slug/open');
export const boxVersion = route<typeof contract.boxVersion>()('GET', '/api/box-versions/:id');
export const freeBoxes = route<typeof contract.freeBoxes>()('GET', '/api/free-boxes');
export const freeBox = route<typeof contract.freeBox>()('GET', '/api/free-boxes/:slug');
export const freeBoxOpen = route<typeof contract.freeBoxOpen>()('POST', '/api/free-boxes/:slug/open');
export const userBoxes = route<typeof contract.userBoxes>()('GET', '/api/user-boxes');
export const userBoxesMine = route<typeof contract.userBoxesMine>()('GET', '/api/user-boxes/mine');
export const userBoxCreate = route<typeof contract.userBoxCreate>()('POST', '/api/user-boxes');
export const userBox = route<typeof contract.userBox>()('GET', '/api/user-boxes/:slug');
export const userBoxOpen = route<typeof contract.userBoxOpen>()('POST', '/api/user-boxes/:slug/open');
export const boxDrops = route<typeof contract.boxDrops>()('GET', '/api/boxes/:slug/last-drops');
export const freeBoxDrops = route<typeof contract.freeBoxDrops>()('GET', '/api/free-boxes/:slug/last-drops');
export const userBoxDrops = route<typeof contract.userBoxDrops>()('GET', '/api/user-boxes/:slug/last-drops');
export const boxDemo = route<typeof contract.boxDemo>()('POST', '/api/boxes/:slug/demo');
export const userBoxDemo = route<typeof contract.userBoxDemo>()('POST', '/api/user-boxes/:slug/demo');
