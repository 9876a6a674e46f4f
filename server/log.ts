// What domain code logs through: the app hands in Fastify's pino logger (app.log); a test may hand
// in anything with these methods. Fields first, then the message, as pino takes them.
export interface Log {
  debug(fields: object, msg: string): void;
  info(fields: object, msg: string): void;
  warn(fields: object, msg: string): void;
  error(fields: object, msg: string): void;
}
