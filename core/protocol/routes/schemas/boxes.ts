import type { RouteSchemas } from '../../route.ts';
import * as boxDemoProtocol from '../../boxDemo.ts';
import * as boxesProtocol from '../../boxes.ts';
import * as pathParamsProtocol from '../../pathParams.ts';
import * as realtimeSchemasProtocol from '../../realtimeSchemas.ts';

// The contracts of core/protocol/routes/boxes.ts's routes, under the same names: each one's schemas
// from core/protocol. Only the server, the tests and the console load this module.

export const bonusBoxes = { answer: boxesProtocol.BonusBoxesAnswerSchema } satisfies RouteSchemas;
export const bonusBoxOpen = { params: pathParamsProtocol.BonusBoxParams, answer: boxesProtocol.OpeningAnswerSchema } satisfies RouteSchemas;
export const boxes = { query: boxesProtocol.BoxListQuerySchema, answer: boxesProtocol.BoxPageSchema } satisfies RouteSchemas;
export const box = { params: pathParamsProtocol.SlugParams, answer: boxesProtocol.BoxDetailAnswerSchema } satisfies RouteSchemas;
export const boxOpen = { params: pathParamsProtocol.SlugParams, body: boxesProtocol.BoxOpenSchema, answer: boxesProtocol.OpeningAnswerSchema } satisfies RouteSchemas;
export const boxVersion = { params: boxesProtocol.IdParamsSchema, answer: boxesProtocol.PublicBoxVersionSchema } satisfies RouteSchemas;
export const freeBoxes = { query: boxesProtocol.BoxListQuerySchema, answer: boxesProtocol.BoxPageSchema } satisfies RouteSchemas;
export const freeBox = { params: pathParamsProtocol.SlugParams, answer: boxesProtocol.BoxDetailAnswerSchema } satisfies RouteSchemas;
export const freeBoxOpen = { params: pathParamsProtocol.SlugParams, answer: boxesProtocol.OpeningAnswerSchema } satisfies RouteSchemas;
export const userBoxes = { query: boxesProtocol.BoxListQuerySchema, answer: boxesProtocol.BoxPageSchema } satisfies RouteSchemas;
export const userBoxesMine = { query: boxesProtocol.BoxListQuerySchema, answer: boxesProtocol.BoxPageSchema } satisfies RouteSchemas;
export const userBoxCreate = { body: boxesProtocol.UserBoxCreateSchema, answer: boxesProtocol.UserBoxCreatedAnswerSchema, status: 201 } satisfies RouteSchemas;
export const userBox = { params: pathParamsProtocol.SlugParams, answer: boxesProtocol.BoxDetailAnswerSchema } satisfies RouteSchemas;
export const userBoxOpen = { params: pathParamsProtocol.SlugParams, body: boxesProtocol.BoxOpenSchema, answer: boxesProtocol.OpeningAnswerSchema } satisfies RouteSchemas;
export const boxDrops = { params: pathParamsProtocol.DropsBoxParams, query: realtimeSchemasProtocol.DropsQuerySchema, answer: realtimeSchemasProtocol.DropsAnswerSchema } satisfies RouteSchemas;
export const freeBoxDrops = { params: pathParamsProtocol.DropsBoxParams, query: realtimeSchemasProtocol.DropsQuerySchema, answer: realtimeSchemasProtocol.DropsAnswerSchema } satisfies RouteSchemas;
export const userBoxDrops = { params: pathParamsProtocol.DropsBoxParams, query: realtimeSchemasProtocol.DropsQuerySchema, answer: realtimeSchemasProtocol.DropsAnswerSchema } satisfies RouteSchemas;
export const boxDemo = { params: pathParamsProtocol.SlugParams, body: boxesProtocol.BoxOpenSchema, answer: boxDemoProtocol.DemoSpinAnswerSchema } satisfies RouteSchemas;
export const userBoxDemo = { params: pathParamsProtocol.SlugParams, body: boxesProtocol.BoxOpenSchema, answer: boxDemoProtocol.DemoSpinAnswerSchema } satisfies RouteSchemas;
