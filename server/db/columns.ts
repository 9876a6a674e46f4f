import type { ColumnType, Generated } from 'kysely';

// Column types every area's table interfaces use. They live apart from db/schema.ts, which
// imports every area's tables, so an area's schema never imports it back.

export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
export type Id = Generated<number>;
