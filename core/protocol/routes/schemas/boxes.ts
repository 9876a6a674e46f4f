import type { RouteSchemas } from '../../route.ts';
import * as boxDemoProtocol from '../../boxDemo.ts';
import * as boxesProtocol from '../../boxes.ts';
import * as pathParamsProtocol from '../../pathParams.ts';
import * as realtimeSchemasProtocol from '../../realtimeSchemas.ts';

// The contracts of core/protocol/routes/boxes.ts's routes, under the same names: each one's schemas
// from core/protocol. Only the server, the tests and the console load this module.

// The shop's, the free and the player-made boxes are one catalogue under three addresses: a list, a
// box, its last drops, an opening and a demo spin follow one contract each, whichever kind.
const boxList = { query: boxesProtocol.BoxListQuerySchema, answer: boxesProtocol.BoxPageSchema } satisfies RouteSchemas;
const boxDetail = { params: pathParamsProtocol.SlugParams, answer: boxesProtocol.BoxDetailAnswerSchema } satisfies RouteSchemas;
const boxLastDrops = { params: pathParamsProtocol.DropsBoxParams, query: realtimeSchemasProtocol.DropsQuerySchema, answer: realtimeSchemasProtocol.DropsAnswerSchema } satisfies RouteSchemas;
const paidOpening = { params: pathParamsProtocol.SlugParams, body: boxesProtocol.BoxOpenSchema, answer: boxesProtocol.OpeningAnswerSchema } satisfies RouteSchemas;
const demoSpin = { params: pathParamsProtocol.SlugParams, body: boxesProtocol.BoxOpenSchema, answer: boxDemoProtocol.DemoSpinAnswerSchema } satisfies RouteSchemas;

export const bonusBoxes = { answer: boxesProtocol.BonusBoxesAnswerSchema } satisfies RouteSchemas;
export const bonusBoxOpen = { params: pathParamsProtocol.BonusBoxParams, answer: boxesProtocol.OpeningAnswerSchema } satisfies RouteSchemas;
export const boxes = boxList;
export const box = boxDetail;
export const boxOpen = paidOpening;
export const boxVersion = { params: boxesProtocol.IdParamsSchema, answer: boxesProtocol.PublicBoxVersionSchema } satisfies RouteSchemas;
export const freeBoxes = boxList;
export const freeBox = boxDetail;
export const freeBoxOpen = { params: pathParamsProtocol.SlugParams, answer: boxesProtocol.OpeningAnswerSchema } satisfies RouteSchemas;
export const userBoxes = boxList;
export const userBoxesMine = boxList;
export const userBoxCreate = { body: boxesProtocol.UserBoxCreateSchema, answer: boxesProtocol.UserBoxCreatedAnswerSchema, status: 201 } satisfies RouteSchemas;
export const userBox = boxDetail;
export const userBoxOpen = paidOpening;
export const boxDrops = boxLastDrops;
export const freeBoxDrops = boxLastDrops;
export const userBoxDrops = boxLastDrops;
export const boxDemo = demoSpin;
export const userBoxDemo = demoSpin;
