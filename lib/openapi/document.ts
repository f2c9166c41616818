import { z } from "zod";
import type { Answer, Declaration, Endpoint, Method } from "@/lib/api/endpoint";
import { V1_OPERATIONS } from "@/lib/api/v1";
import type { Field } from "@/lib/list/base";
import { queryFields } from "@/lib/list/definition";
import { problemAnswer } from "@/lib/openapi/responses";

// Builds the OpenAPI 3.1 description of /api/v1 from the endpoints' v1 descriptions (lib/api/v1.ts): the routes' own zod schemas, rendered by zod 4.

/** A list's query: the strict list reader parses it, and each of its fields describes itself (the test holds the two together). */
export interface ListQuery {
  list: { fields: Record<string, Field>; defaults: Record<string, unknown>; querySchema: z.ZodType };
}

export interface Operation {
  method: Method;
  /** OpenAPI path under /api/v1, with {name} for the route folder's [name]. */
  path: string;
  operationId: string;
  summary: string;
  tag: string;
  /** The handler the route serves, whose permission the description states; null: served without a key. */
  serves: Endpoint | null;
  params?: z.ZodObject;
  query?: ListQuery;
  headers?: Record<string, { schema: z.ZodType; required: boolean; description: string }>;
  /** A thunk when the schema depends on configuration read at request time. */
  body?: z.ZodType | (() => z.ZodType);
  answers: Record<number, Answer>;
  /** Refusals beyond the ones every keyed operation may give (401, 403, 422, 429). */
  refusals?: readonly (404 | 409)[];
}

function listQuery(querySchema: z.ZodType, operationId: string): ListQuery {
  const fields = queryFields(querySchema);
  if (!fields) throw new Error(`${operationId}: its query is not a list's strict query`);
  const defaults = Object.fromEntries(Object.entries(fields).map(([name, f]) => [name, (f.safeParse(undefined) as { data?: unknown }).data]));
  return { list: { fields, defaults, querySchema } };
}

function resolved({ v1: { describe, ...named }, serves }: (typeof V1_OPERATIONS)[number]): Operation {
  const declared: Partial<Declaration> = serves?.declaration ?? {};
  const headers = Object.fromEntries(Object.entries(declared.headers ?? {}).map(([name, h]) => [name, { ...h, required: true }]));
  return {
    ...named,
    serves,
    params: describe?.params ?? (declared.params as z.ZodObject | undefined),
    body: describe?.body ?? declared.body,
    ...(declared.headers ? { headers } : {}),
    ...(declared.query ? { query: listQuery(declared.query, named.operationId) } : {}),
    answers: describe?.answers ?? declared.answer ?? {},
    refusals: declared.refusals,
  };
}

export const OPERATIONS: readonly Operation[] = V1_OPERATIONS.map(resolved);

type Json = Record<string, unknown>;

type Def = { type: string; out?: z.ZodType };
const defOf = (schema: unknown) => (schema as { _zod: { def: Def } })._zod.def;

const schemaOf = (schema: z.ZodType, io: "input" | "output"): Json => {
  const { $schema, ...rest } = z.toJSONSchema(schema, {
    target: "draft-2020-12",
    io,
    unrepresentable: "any",
    // A string trimmed and then checked (`.transform(trim).pipe(z.string().max(…))`) is described by its checks, not as any string.
    override: ({ zodSchema, jsonSchema }) => {
      const def = defOf(zodSchema);
      if (io !== "input" || def.type !== "pipe" || defOf(def.out).type !== "string") return;
      for (const key of Object.keys(jsonSchema)) delete (jsonSchema as Json)[key];
      // The pipe's own metadata (a pattern that says more than its checks) still applies.
      const { id, ...meta } = (z.globalRegistry.get(zodSchema as unknown as z.ZodType) ?? {}) as Json;
      void id;
      Object.assign(jsonSchema, schemaOf(def.out!, io), meta);
    },
  }) as Json;
  void $schema;
  return rest;
};

const ref = (kind: "schemas" | "responses" | "headers", name: string) => ({ $ref: `#/components/${kind}/${name}` });

const RATE_HEADERS = {
  "RateLimit-Limit": ref("headers", "RateLimit-Limit"),
  "RateLimit-Remaining": ref("headers", "RateLimit-Remaining"),
  "RateLimit-Reset": ref("headers", "RateLimit-Reset"),
};

const problemResponse = (description: string, headers: Json = RATE_HEADERS) => ({
  description,
  headers,
  content: { "application/problem+json": { schema: ref("schemas", "Problem") } },
});

const REFUSALS: Record<number, string> = {
  400: "BadRequest",
  401: "Unauthorized",
  403: "Forbidden",
  404: "NotFound",
  409: "Conflict",
  415: "UnsupportedMediaType",
  422: "Invalid",
  429: "TooManyRequests",
};

const intHeader = (description: string) => ({ description, schema: { type: "integer", minimum: 0 } });

const components = {
  securitySchemes: {
    apiKey: {
      type: "http",
      scheme: "bearer",
      description: "An API key made on the console's keys page (`labsc_…`), sent as `Authorization: Bearer <key>`. Its role (viewer or operator) decides what it may do.",
    },
  },
  schemas: { Problem: schemaOf(problemAnswer, "output") },
  headers: {
    "RateLimit-Limit": intHeader("Requests this key may make a minute"),
    "RateLimit-Remaining": intHeader("Requests left in the current minute"),
    "RateLimit-Reset": intHeader("Seconds until the minute's count starts again"),
    "Retry-After": intHeader("Seconds to wait before trying again"),
  },
  responses: {
    BadRequest: problemResponse("A header was sent empty; `errors` names it"),
    Unauthorized: problemResponse("The API key is missing, unknown, expired or revoked", { "WWW-Authenticate": { description: "Bearer challenge", schema: { type: "string" } } }),
    Forbidden: problemResponse("The key's role may not do this, or the key may not be used from this address"),
    NotFound: problemResponse("No such resource"),
    Conflict: problemResponse("The request conflicts with the resource's current state"),
    UnsupportedMediaType: problemResponse("The body was not sent as application/json"),
    Invalid: problemResponse("The input was refused; `errors` names each field"),
    TooManyRequests: problemResponse("The key's rate limit is spent", { ...RATE_HEADERS, "Retry-After": ref("headers", "Retry-After") }),
  },
};

function blankAllowed(query: NonNullable<Operation["query"]>, name: string, schema: Json): Json {
  const reads = (value: string) => query.list.querySchema.safeParse({ [name]: value }).success;
  if (!reads("")) return schema;
  const { default: fallback, description, ...rest } = schema;
  const blank = reads(" ") ? { type: "string", pattern: "^\\s*$" } : { type: "string", maxLength: 0 };
  const given = Array.isArray(rest.anyOf) && Object.keys(rest).length === 1 ? (rest.anyOf as Json[]) : [rest];
  return { ...(description === undefined ? {} : { description }), ...(fallback === undefined ? {} : { default: fallback }), anyOf: [...given, blank] };
}

function parameters(op: Operation): Json[] {
  const path = Object.entries(op.params?.shape ?? {}).map(([name, schema]) => ({ name, in: "path", required: true, schema: schemaOf(schema as z.ZodType, "input") }));
  const query = Object.entries(op.query?.list.fields ?? {}).map(([name, field]) => {
    if (!field.schema) throw new Error(`${op.operationId}: the query field ${name} does not describe itself`);
    return { name, in: "query", required: false, schema: blankAllowed(op.query!, name, field.schema) };
  });
  const headers = Object.entries(op.headers ?? {}).map(([name, h]) => ({ name, in: "header", required: h.required, description: h.description, schema: schemaOf(h.schema, "input") }));
  return [...path, ...query, ...headers];
}

function operation(op: Operation): Json {
  const keyed = op.serves !== null;
  const body = typeof op.body === "function" ? op.body() : op.body;
  const responses: Json = {};
  for (const [status, a] of Object.entries(op.answers)) {
    const headers: Json = keyed ? { ...RATE_HEADERS } : {};
    for (const [name, description] of Object.entries(a.headers ?? {})) headers[name] = { description, schema: { type: "string" } };
    responses[status] = { description: a.description, ...(Object.keys(headers).length ? { headers } : {}), content: { "application/json": { schema: schemaOf(a.schema, "output") } } };
  }
  if (keyed) {
    const refusals = [...(op.headers ? [400] : []), 401, 403, ...(op.refusals ?? []), ...(body ? [415] : []), 422, 429].sort((a, b) => a - b);
    for (const status of refusals) responses[status] = ref("responses", REFUSALS[status]!);
  }
  const params = parameters(op);
  return {
    operationId: op.operationId,
    summary: op.summary,
    tags: [op.tag],
    ...(keyed ? { description: `Needs a key whose role has the \`${op.serves!.permission}\` permission.` } : { security: [] }),
    ...(params.length ? { parameters: params } : {}),
    ...(body ? { requestBody: { required: true, content: { "application/json": { schema: schemaOf(body, "input") } } } } : {}),
    responses,
  };
}

export function openApiDocument(): Json {
  const paths: Record<string, Json> = {};
  for (const op of OPERATIONS) (paths[op.path] ??= {})[op.method.toLowerCase()] = operation(op);
  return {
    openapi: "3.1.0",
    info: {
      title: "Labs Console API",
      version: "1",
      description: "Warehouses, ERP order transfers, imports and the failures inbox, with the same validation, roles and audit as the console's pages. Errors are RFC 9457 problem details.",
    },
    servers: [{ url: "/api/v1" }],
    security: [{ apiKey: [] }],
    paths,
    components,
  };
}
