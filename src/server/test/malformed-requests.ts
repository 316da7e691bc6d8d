import fc from 'fast-check';
import {
  requestBodySchema,
  resolveSchema,
  type JsonSchema,
  type OpenApiDocument,
  type Operation,
} from './openapi.ts';

/** Who a fuzzed request claims to be; the test turns each into headers. */
export const CREDENTIALS = [
  'admin',
  'admin-cross-site',
  'none',
  'stranger',
  'garbage-cookie',
  'garbage-bearer',
] as const;
export type Credential = (typeof CREDENTIALS)[number];

export interface FuzzRequest {
  method: string;
  url: string;
  credential: Credential;
  headers: Record<string, string>;
  payload?: string;
}

/** `arbitrary` in `percent` of the cases, undefined in the others. */
function sometimes<T>(arbitrary: fc.Arbitrary<T>, percent: number) {
  return fc.oneof(
    { weight: percent, arbitrary },
    { weight: 100 - percent, arbitrary: fc.constant(undefined) },
  );
}

/** Text that breaks naive code: controls, line breaks for header injection, markup, paths. */
const hostileText = fc.constantFrom(
  '\u0000',
  '\u0007',
  '\r\n',
  '\r\nBcc: victim@example.com',
  '\u2028',
  '\u202e',
  '\ufeff',
  '\ud800',
  '%00',
  '%',
  '%zz',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  "' or 1=1 --",
  '\\',
  '{{7*7}}',
  '${7*7}',
  '__proto__',
  'constructor',
  'a@b.c\u0000',
  ' ',
);

/** Some text: any code points, graphemes, hostile pieces, and now and then a lot of it. */
export const weirdText: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.string() },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 120 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 3, arbitrary: hostileText },
  {
    weight: 2,
    arbitrary: fc.tuple(fc.string(), hostileText, fc.string()).map((parts) => parts.join('')),
  },
  { weight: 1, arbitrary: fc.integer({ min: 255, max: 20_000 }).map((n) => 'x'.repeat(n)) },
);

/** What a query string may carry where a whole number belongs. */
const numberText = fc.oneof(
  fc.integer().map(String),
  fc.integer({ min: -1_000_000, max: -1 }).map(String),
  fc.double().map(String),
  fc.bigInt().map(String),
  fc.constantFrom(
    '',
    ' ',
    'NaN',
    'Infinity',
    '-Infinity',
    '1e309',
    '1e3',
    '0x10',
    '0b1',
    '-0',
    '+5',
    ' 5 ',
    '5abc',
    '9007199254740993',
    '1.5',
    '١٢',
    'null',
    '[]',
  ),
  weirdText,
);

const emailText = fc.oneof(
  fc.emailAddress(),
  fc.emailAddress().map((email) => `  ${email.toUpperCase()}\t`),
  fc.emailAddress().map((email) => `${email}\r\nBcc: victim@example.com`),
  fc.tuple(weirdText, weirdText).map(([local, domain]) => `${local}@${domain}.com`),
);

/** A value as the schema wants it (enum member, address, number in range...). */
function plausible(
  document: OpenApiDocument,
  schema: JsonSchema,
  examples: Examples = {},
): fc.Arbitrary<unknown> {
  const resolved = resolveSchema(document, schema);
  if (resolved.enum) return fc.constantFrom(...resolved.enum);
  switch (resolved.type) {
    case 'string':
      return resolved.format === 'email'
        ? emailText
        : fc.string({
            minLength: resolved.minLength ?? 0,
            maxLength: Math.max(resolved.minLength ?? 0, Math.min(resolved.maxLength ?? 40, 40)),
          });
    case 'integer':
      return fc.integer({
        min: Math.max(resolved.minimum ?? -1000, -1000),
        max: Math.min(resolved.maximum ?? 1000, 1000),
      });
    case 'boolean':
      return fc.boolean();
    case 'object':
      return objectValue(document, resolved, examples);
    default:
      return fc.anything();
  }
}

/** A value of the wrong type or out of range for the field. */
const malformedValue: fc.Arbitrary<unknown> = fc.oneof(
  weirdText,
  fc.anything(),
  fc.constantFrom(null, true, false, 0, -1, 1e308, [], {}, [''], { email: 'a@b.co' }),
);

/** Real values of some fields and parameters (template ids...), so requests get past lookups. */
export type Examples = Record<string, string[]>;

function fieldValue(document: OpenApiDocument, schema: JsonSchema, examples: string[] = []) {
  const wanted = plausible(document, schema);
  return fc.oneof(
    {
      weight: 3,
      arbitrary: examples.length > 0 ? fc.oneof(fc.constantFrom(...examples), wanted) : wanted,
    },
    { weight: 2, arbitrary: malformedValue },
  );
}

/** The schema's object with fields missing, wrong or extra. */
function objectValue(
  document: OpenApiDocument,
  schema: JsonSchema,
  examples: Examples,
): fc.Arbitrary<object> {
  const fields = Object.fromEntries(
    Object.entries(schema.properties ?? {}).map(([name, property]) => [
      name,
      fieldValue(document, property, examples[name]),
    ]),
  );
  return fc
    .tuple(
      fc.record(fields, { requiredKeys: [] }),
      sometimes(fc.dictionary(weirdText, malformedValue, { maxKeys: 3 }), 30),
    )
    .map(([known, extra]) => ({ ...extra, ...known }));
}

/** Bodies that are not JSON at all, or not quite. */
const rawBody = fc.oneof(
  fc.json().map((json) => json.slice(0, -1)),
  fc.string(),
  fc.constantFrom(
    '',
    '{',
    '{"email":',
    '[',
    '"',
    'nul',
    '\ufeff{}',
    '{"email":"a@b.co",}',
    "{'email':'a@b.co'}",
    '{"__proto__":{"admin":true}}',
    '{"constructor":{"prototype":{"admin":true}}}',
    `${'['.repeat(4000)}${']'.repeat(4000)}`,
    `{"email":"${'x'.repeat(17_000)}"}`,
  ),
);

function bodyText(document: OpenApiDocument, schema: JsonSchema | undefined, examples: Examples) {
  const value = schema
    ? fc.oneof(
        { weight: 6, arbitrary: plausible(document, schema, examples) },
        { weight: 1, arbitrary: fc.anything() },
      )
    : fc.anything();
  return fc.oneof(
    { weight: 4, arbitrary: value.map((json) => JSON.stringify(json) ?? '') },
    { weight: 1, arbitrary: rawBody },
  );
}

const contentType = fc.oneof(
  { weight: 10, arbitrary: fc.constant('application/json') },
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      'application/json; charset=utf-8',
      'APPLICATION/JSON',
      'application/json; charset=latin1',
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/xml',
      'application/merge-patch+json',
      'application/octet-stream',
      'json',
      '',
    ),
  },
  { weight: 1, arbitrary: weirdText.map((text) => text.replace(/[^\x20-\x7e]/g, '')) },
);

const methods = fc.constantFrom(
  'GET',
  'HEAD',
  'POST',
  'PUT',
  'PATCH',
  'DELETE',
  'OPTIONS',
  'PROPFIND',
  'TRACE',
);

/** Path parameter text: valid ids, garbage, and raw bytes the URL parser has to refuse. */
function pathValue(examples: string[]) {
  return fc.oneof(
    { weight: 2, arbitrary: fc.constantFrom(...examples) },
    { weight: 4, arbitrary: weirdText.map((text) => encodeURIComponent(text.toWellFormed())) },
    {
      weight: 1,
      arbitrary: fc.constantFrom('%', '%zz', '%E0%A4%A', '%c0%ae', '..', '.', '%2F', '%252F'),
    },
  );
}

function queryValue(document: OpenApiDocument, schema: JsonSchema): fc.Arbitrary<string> {
  const resolved = resolveSchema(document, schema);
  const wanted =
    resolved.type === 'integer'
      ? fc.integer({ min: resolved.minimum ?? 0, max: Math.min(resolved.maximum ?? 100, 1000) })
      : plausible(document, resolved);
  return fc.oneof(
    { weight: 2, arbitrary: wanted.map(String) },
    { weight: 3, arbitrary: resolved.type === 'integer' ? numberText : weirdText },
  );
}

/** Query parameters: each missing, wrong or repeated, plus unknown ones. */
function queryString(document: OpenApiDocument, { operation }: Operation) {
  const parameters = (operation.parameters ?? []).filter((parameter) => parameter.in === 'query');
  const values = parameters.map((parameter) =>
    sometimes(
      fc.tuple(
        fc.constant(parameter.name),
        fc.array(queryValue(document, parameter.schema), {
          minLength: 1,
          maxLength: 3,
        }),
      ),
      80,
    ),
  );
  const extra = sometimes(fc.dictionary(weirdText, weirdText, { maxKeys: 3 }), 30);
  return fc.tuple(fc.tuple(...values), extra).map(([known, unknown]) => {
    const search = new URLSearchParams();
    for (const entry of known) {
      if (!entry) continue;
      const [name, list] = entry;
      for (const value of list) search.append(name, value);
    }
    for (const [name, value] of Object.entries(unknown ?? {})) search.append(name, value);
    const text = search.toString();
    return text ? `?${text}` : '';
  });
}

const bearerText = fc.oneof(
  weirdText.map((text) => `Bearer ${text.replace(/[^\x20-\x7e]/g, '')}`),
  fc
    .tuple(fc.base64String(), fc.base64String(), fc.base64String())
    .map((parts) => `Bearer ${parts.join('.')}`),
  fc.constant(
    // An unsigned token that claims everything.
    `Bearer ${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(
      '{"email":"admin@example.com","email_verified":true,"sub":"x"}',
    ).toString('base64url')}.`,
  ),
);

/**
 * Malformed requests for one documented operation: mostly its own method and path with broken
 * bodies, queries and parameters; sometimes another method, content type or credential.
 */
export function malformedRequest(
  document: OpenApiDocument,
  operation: Operation,
  examples: Examples,
): fc.Arbitrary<FuzzRequest> {
  const pathParameters = (operation.operation.parameters ?? []).filter(
    (parameter) => parameter.in === 'path',
  );
  const path = fc
    .tuple(...pathParameters.map((parameter) => pathValue(examples[parameter.name] ?? ['x'])))
    .map((values) =>
      pathParameters.reduce(
        (url, parameter, index) => url.replace(`{${parameter.name}}`, values[index] ?? ''),
        operation.path,
      ),
    );
  const hasBody = requestBodySchema(operation.operation) !== undefined;
  return fc
    .record({
      method: fc.oneof({ weight: 8, arbitrary: fc.constant(operation.method) }, methods),
      path,
      query: queryString(document, operation),
      payload: sometimes(
        bodyText(document, requestBodySchema(operation.operation), examples),
        hasBody ? 92 : 10,
      ),
      contentType: sometimes(contentType, 92),
      credential: fc.oneof(
        { weight: 6, arbitrary: fc.constant<Credential>('admin') },
        fc.constantFrom<Credential>(...CREDENTIALS),
      ),
      authorization: sometimes(bearerText, 15),
    })
    .map((request) => {
      const headers: Record<string, string> = {};
      if (request.payload !== undefined && request.contentType !== undefined)
        headers['content-type'] = request.contentType;
      if (request.authorization) headers.authorization = request.authorization;
      return {
        method: request.method,
        url: `${request.path}${request.query}`,
        credential: request.credential,
        headers,
        ...(request.payload === undefined ? {} : { payload: request.payload }),
      };
    });
}
