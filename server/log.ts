// What domain code logs through: the app hands in Fastify's pino logger (app.log); a test may hand
// in anything with these methods. Fields first, then the message, as pino takes them.
export interface Log {
  debug(fields: object, msg: string): void;
  info(fields: object, msg: string): void;
  warn(fields: object, msg: string): void;
  error(fields: object, msg: string): void;
}

// An Error's own fields are not enumerable: written as pino's err serializer writes them.
const errorFields = (_key: string, value: unknown) => (value instanceof Error ? { type: value.name, message: value.message, stack: value.stack } : value);

const LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'] as const;

/**
 * A process without Fastify (`npm run ops`) logs one JSON line per event on stderr, as pino would,
 * at `level` and above; stdout stays the command's own output.
 */
export function stderrLog(level: string): Log {
  const least = LEVELS.indexOf(level as (typeof LEVELS)[number]);
  const at =
    (name: (typeof LEVELS)[number]) =>
    (fields: object, msg: string): void => {
      if (least === -1 || LEVELS.indexOf(name) < least) return;
      process.stderr.write(`${JSON.stringify({ level: name, time: Date.now(), ...fields, msg }, errorFields)}\n`);
    };
  return { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}
