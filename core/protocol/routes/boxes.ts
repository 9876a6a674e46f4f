import { route } from '../route.ts';

// The shop's boxes, free and bonus boxes, player-made boxes, demo spins, drops and box versions.
// Each entry: method, path and its schemas in core/protocol (loaded on demand: core/protocol/route.ts).
const load = () => Promise.all([import('../boxDemo.ts'), import('../boxes.ts'), import('../pathParams.ts'), import('../realtimeSchemas.ts')]).then(([boxDemo, boxes, pathParams, realtimeSchemas]) => ({ boxDemo, boxes, pathParams, realtimeSchemas }));

export const bonusBoxes = route('GET', '/api/free-boxes/bonus', load, (m) => ({ answer: m.boxes.BonusBoxesAnswerSchema }));
export const bonusBoxOpen = route('POST', '/api/free-boxes/bonus/:id/open', load, (m) => ({ params: m.pathParams.BonusBoxParams, answer: m.boxes.OpeningAnswerSchema }));
export const boxes = route('GET', '/api/boxes', load, (m) => ({ query: m.boxes.BoxListQuerySchema, answer: m.boxes.BoxPageSchema }));
export const box = route('GET', '/api/boxes/:slug', load, (m) => ({ params: m.pathParams.SlugParams, answer: m.boxes.BoxDetailAnswerSchema }));
export const boxOpen = route('POST', '/api/boxes/:slug/open', load, (m) => ({ params: m.pathParams.SlugParams, body: m.boxes.BoxOpenSchema, answer: m.boxes.OpeningAnswerSchema }));
export const boxVersion = route('GET', '/api/box-versions/:id', load, (m) => ({ params: m.boxes.IdParamsSchema, answer: m.boxes.PublicBoxVersionSchema }));
export const lastDrops = route('GET', '/api/last-drops', load, (m) => ({ query: m.realtimeSchemas.DropsQuerySchema, answer: m.realtimeSchemas.DropsAnswerSchema }));
export const freeBoxes = route('GET', '/api/free-boxes', load, (m) => ({ query: m.boxes.BoxListQuerySchema, answer: m.boxes.BoxPageSchema }));
export const freeBox = route('GET', '/api/free-boxes/:slug', load, (m) => ({ params: m.pathParams.SlugParams, answer: m.boxes.BoxDetailAnswerSchema }));
export const freeBoxOpen = route('POST', '/api/free-boxes/:slug/open', load, (m) => ({ params: m.pathParams.SlugParams, answer: m.boxes.OpeningAnswerSchema }));
export const userBoxes = route('GET', '/api/user-boxes', load, (m) => ({ query: m.boxes.BoxListQuerySchema, answer: m.boxes.BoxPageSchema }));
export const userBoxesMine = route('GET', '/api/user-boxes/mine', load, (m) => ({ query: m.boxes.BoxListQuerySchema, answer: m.boxes.BoxPageSchema }));
export const userBoxCreate = route('POST', '/api/user-boxes', load, (m) => ({ body: m.boxes.UserBoxCreateSchema, answer: m.boxes.UserBoxCreatedAnswerSchema, status: 201 }));
export const userBox = route('GET', '/api/user-boxes/:slug', load, (m) => ({ params: m.pathParams.SlugParams, answer: m.boxes.BoxDetailAnswerSchema }));
export const userBoxOpen = route('POST', '/api/user-boxes/:slug/open', load, (m) => ({ params: m.pathParams.SlugParams, body: m.boxes.BoxOpenSchema, answer: m.boxes.OpeningAnswerSchema }));
export const boxDrops = route('GET', '/api/boxes/:slug/last-drops', load, (m) => ({ params: m.pathParams.DropsBoxParams, query: m.realtimeSchemas.DropsQuerySchema, answer: m.realtimeSchemas.DropsAnswerSchema }));
export const freeBoxDrops = route('GET', '/api/free-boxes/:slug/last-drops', load, (m) => ({ params: m.pathParams.DropsBoxParams, query: m.realtimeSchemas.DropsQuerySchema, answer: m.realtimeSchemas.DropsAnswerSchema }));
export const userBoxDrops = route('GET', '/api/user-boxes/:slug/last-drops', load, (m) => ({ params: m.pathParams.DropsBoxParams, query: m.realtimeSchemas.DropsQuerySchema, answer: m.realtimeSchemas.DropsAnswerSchema }));
export const boxDemo = route('POST', '/api/boxes/:slug/demo', load, (m) => ({ params: m.pathParams.SlugParams, body: m.boxes.BoxOpenSchema, answer: m.boxDemo.DemoSpinAnswerSchema }));
export const userBoxDemo = route('POST', '/api/user-boxes/:slug/demo', load, (m) => ({ params: m.pathParams.SlugParams, body: m.boxes.BoxOpenSchema, answer: m.boxDemo.DemoSpinAnswerSchema }));
