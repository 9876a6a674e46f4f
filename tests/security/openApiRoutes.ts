// The operations of the OpenAPI document (GET /api/docs/json, app.swagger()) as the contract,
// fuzz and IDOR tests walk them.

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  $ref?: string;
  [key: string]: unknown;
}

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required?: boolean;
  schema?: JsonSchema;
}

export interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
  security?: Array<Record<string, string[]>>;
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

export interface OpenApiRoute {
  method: string;
  /** `/api/boxes/{slug}/open` */
  path: string;
  pathParams: string[];
  query: Parameter[];
  body: JsonSchema | undefined;
  secured: boolean;
  operation: Operation;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

export function openApiRoutes(doc: OpenApiDocument): OpenApiRoute[] {
  const routes: OpenApiRoute[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (!METHODS.includes(method)) continue;
      const parameters = operation.parameters ?? [];
      routes.push({
        method: method.toUpperCase(),
        path,
        pathParams: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        query: parameters.filter((p) => p.in === 'query'),
        body: operation.requestBody?.content?.['application/json']?.schema,
        secured: Boolean(operation.security?.length),
        operation,
      });
    }
  }
  return routes;
}

/** The path with its parameters filled in (each value URL-encoded). */
export function fillPath(path: string, values: Record<string, string>): string {
  return path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(values[name] ?? '1'));
}
