/** The parts of an OpenAPI 3.1 document the request fuzzer reads. */
export interface JsonSchema {
  $ref?: string;
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  enum?: unknown[];
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
}

export interface OpenApiParameter {
  in: 'query' | 'path' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema: JsonSchema;
}

interface JsonContent {
  content?: Record<string, { schema: JsonSchema }>;
}

export interface OpenApiOperation {
  parameters?: OpenApiParameter[];
  requestBody?: JsonContent;
  responses?: Record<string, JsonContent>;
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: { schemas: Record<string, JsonSchema> };
}

export interface Operation {
  method: string;
  /** As the document writes it: `/api/email/templates/{id}/preview`. */
  path: string;
  operation: OpenApiOperation;
}

export function operations(document: OpenApiDocument): Operation[] {
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      operation,
    })),
  );
}

export function resolveSchema(document: OpenApiDocument, schema: JsonSchema): JsonSchema {
  const name = schema.$ref?.replace('#/components/schemas/', '');
  return name ? (document.components.schemas[name] ?? {}) : schema;
}

export function requestBodySchema(operation: OpenApiOperation): JsonSchema | undefined {
  return operation.requestBody?.content?.['application/json']?.schema;
}

/** Why `value` does not have the shape `schema` documents, or undefined when it does. */
export function shapeProblem(
  document: OpenApiDocument,
  schema: JsonSchema,
  value: unknown,
): string | undefined {
  const resolved = resolveSchema(document, schema);
  if (resolved.type !== 'object') return undefined;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'not an object';
  const record = value as Record<string, unknown>;
  for (const key of resolved.required ?? []) {
    if (!(key in record)) return `no "${key}"`;
  }
  for (const [key, field] of Object.entries(record)) {
    const property = resolved.properties?.[key];
    if (!property) {
      if (resolved.additionalProperties === false) return `unexpected "${key}"`;
      continue;
    }
    const type = resolveSchema(document, property).type;
    if ((type === 'string' || type === 'boolean') && typeof field !== type) {
      return `"${key}" is not a ${type}`;
    }
  }
  return undefined;
}
