import "server-only";
import type { z } from "zod";
import type { Permission } from "@/lib/auth/roles";
import type { CurrentMember } from "@/lib/auth/session";
import type { HandlerContext } from "@/lib/http/route";
import { parseBody, parseHeader, parseParams, parseQuery } from "@/lib/api/parse";

export { json } from "@/lib/api/parse";

// An operation declared once: what it takes (parsed here, so no handler parses), what it answers, and who may call it.

export interface Answer {
  description: string;
  schema: z.ZodType;
  headers?: Record<string, string>;
}

export type Method = "GET" | "POST" | "PATCH" | "PUT" | "DELETE";

export interface V1 {
  method: Method;
  path: string;
  operationId: string;
  summary: string;
  tag: string;
  describe?: { params?: z.ZodObject; body?: z.ZodType | (() => z.ZodType); answers?: Record<number, Answer> };
}

export interface Declaration {
  permission: Permission;
  v1?: V1;
  session?: boolean;
  params?: z.ZodType;
  headers?: Record<string, { schema: z.ZodType; description: string }>;
  query?: z.ZodType;
  body?: z.ZodType | (() => z.ZodType);
  bodyLimit?: number;
  answer?: Record<number, Answer>;
  refusals?: readonly (404 | 409)[];
}

type Out<S> = S extends z.ZodType ? z.output<S> : S extends () => infer T ? (T extends z.ZodType ? z.output<T> : undefined) : undefined;

export type EndpointContext<D extends Declaration> = Omit<HandlerContext<unknown>, "params"> & {
  params: D extends { params: infer S } ? Out<S> : undefined;
  query: D extends { query: infer S } ? Out<S> : undefined;
  body: D extends { body: infer S } ? Out<S> : undefined;
  headers: D extends { headers: infer H } ? { [K in keyof H]: H[K] extends { schema: infer S } ? Out<S> : never } : Record<string, never>;
} & (D extends { session: true } ? { member: CurrentMember } : unknown);

export interface Endpoint<D extends Declaration = Declaration> {
  declaration: D;
  permission: Permission;
  sequence: number;
  handle: (ctx: HandlerContext<unknown>) => Promise<Response>;
}

let declared = 0;

export function endpoint<const D extends Declaration>(declaration: D, handle: (ctx: EndpointContext<D>) => Promise<Response>): Endpoint<D> {
  return {
    declaration,
    permission: declaration.permission,
    sequence: declared++,
    handle: async (ctx) => {
      const { params, headers, query, body, bodyLimit } = declaration;
      const input = {
        params: params ? parseParams(ctx.params, params) : undefined,
        headers: Object.fromEntries(Object.entries(headers ?? {}).map(([name, h]) => [name, parseHeader(ctx.req, name, h.schema)])),
        query: query ? parseQuery(ctx.req, query) : undefined,
        body: body ? await parseBody(ctx.req, typeof body === "function" ? body() : body, bodyLimit) : undefined,
      };
      return handle({ ...ctx, ...input } as unknown as EndpointContext<D>);
    },
  };
}
