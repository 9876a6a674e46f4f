// An answer as the client receives it. Some response schemas take a Date from the handler
// (z.date(): the serializer writes it as its ISO string, documented as date-time), so their
// z.infer type, right for the server, has a Date where the JSON carries a string.

/** T with every Date as the ISO string JSON.stringify writes for it. */
export type Wire<T> = T extends Date ? string : T extends readonly (infer U)[] ? Wire<U>[] : T extends object ? { [K in keyof T]: Wire<T[K]> } : T;
