import "server-only";
import type { NextRequest } from "next/server";
import { authenticateKey, keyActorName } from "@/lib/apikeys/service";
import { countRequest, rateHeaders, type RateVerdict } from "@/lib/apikeys/rate-limit";
import { recordAudit, type AuditPort, type ServiceContext } from "@/lib/audit";
import { requirePermission, type Permission } from "@/lib/auth/roles";
import { getCurrentMember, type CurrentMember } from "@/lib/auth/session";
import { log } from "@/lib/log";
import { problem, problemResponse } from "@/lib/http/problem";
import { toProblem } from "@/lib/server/to-problem";
import { db } from "@/lib/store";
import { requestContext } from "@/lib/http/request-context";

// The wrapper every route handler goes through: request id, session, role, origin check for writes, problem+json errors.

/** Who acts, as runs and the audit trail name them: a member, or an API key in words. */
export interface Actor {
  id: number | null;
  email: string;
  name: string;
}

/** What a handler shared by a browser route and its /api/v1 twin may use. */
export interface HandlerContext<P> {
  req: NextRequest;
  params: P;
  requestId: string;
  ip: string;
  audit: AuditPort;
  service: ServiceContext;
  actor: Actor;
  /** True under /api/v1, so links in answers point at the door the caller used. */
  api: boolean;
}

export interface RouteContext<P> extends HandlerContext<P> {
  member: CurrentMember;
}

const WRITE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export function isSameOrigin(headers: Headers): boolean {
  if (headers.get("sec-fetch-site") === "cross-site") return false;
  const origin = headers.get("origin");
  if (!origin || origin === "null") return false;
  const host = headers.get("x-forwarded-host") ?? headers.get("host");
  if (!host) return false;
  try {
    const url = new URL(origin);
    const proto = headers.get("x-forwarded-proto");
    if (proto && `${proto.split(",")[0]?.trim()}:` !== url.protocol) return false;
    return url.host === host;
  } catch {
    return false;
  }
}

const bearerSecret = (headers: Headers): string | null => /^Bearer\s+(\S+)\s*$/i.exec(headers.get("authorization") ?? "")?.[1] ?? null;

export function withRoute<P = Record<string, never>>(
  permission: Permission,
  handler: (ctx: RouteContext<P>) => Promise<Response>,
) {
  return async (req: NextRequest, segment: { params: Promise<P> }): Promise<Response> => {
    const { requestId, ip } = requestContext(req.headers);
    let response: Response;
    try {
      // Keys open /api/v1 only: a leaked key must not reach the team, key or alert pages' routes.
      const member = /^Bearer\s/i.test(req.headers.get("authorization") ?? "") ? null : await getCurrentMember();
      if (!member) {
        response = problem("unauthenticated", "Sign in to continue.");
      } else if (WRITE_METHODS.has(req.method) && !isSameOrigin(req.headers)) {
        response = problem("cross_origin", "Changes are only accepted from the console's own pages.");
      } else {
        requirePermission(member.role, permission);
        const params = (await segment?.params) ?? ({} as P);
        const actor = { id: member.id, email: member.email };
        const audit: AuditPort = (entry) => recordAudit({ ...entry, actor, requestId, ip });
        response = await handler({ req, params, member, requestId, ip, audit, service: { actor, audit }, actor: { ...actor, name: member.name }, api: false });
      }
    } catch (error) {
      response = errorResponse(error, requestId, req);
    }
    response.headers.set("x-request-id", requestId);
    if (!response.headers.has("cache-control")) response.headers.set("cache-control", "no-store");
    return response;
  };
}

const KEY_REFUSED = "The API key is missing, unknown, expired or revoked.";
const CHALLENGE = { "WWW-Authenticate": 'Bearer realm="labs-console"' };
// Its own title, never a sign-in's; which of the four it was stays unsaid, as the secret's history is nobody's business.
const keyRefused = (given: boolean) => problem("unauthenticated", KEY_REFUSED, { title: given ? "Invalid API key" : "API key required" }, CHALLENGE);

// Cookies open nothing here: /api/v1 takes keys only, so no cross-site page can ride a member's session into it.
export function withApiRoute<P = Record<string, never>>(permission: Permission, handler: (ctx: HandlerContext<P>) => Promise<Response>) {
  return async (req: NextRequest, segment: { params: Promise<P> }): Promise<Response> => {
    const { requestId, ip } = requestContext(req.headers);
    let response: Response;
    let rate: RateVerdict | null = null;
    try {
      const secret = bearerSecret(req.headers);
      const conn = await db();
      const verdict = secret ? await authenticateKey(conn, secret, ip) : null;
      if (!verdict?.ok) {
        response =
          verdict?.reason === "address"
            ? problem("forbidden", "This API key may not be used from this address.")
            : keyRefused(secret !== null);
      } else {
        const { key } = verdict;
        rate = await countRequest(conn, key.id, key.rate_per_minute);
        if (!rate.allowed) {
          response = problem("too_many_requests", `This API key may make ${rate.limit} requests a minute; try again in ${rate.resetSeconds} s.`, { retryAfterSeconds: rate.resetSeconds }, { "Retry-After": String(rate.resetSeconds) });
        } else {
          requirePermission(key.role, permission);
          const params = (await segment?.params) ?? ({} as P);
          const name = keyActorName(key);
          const actor = { id: null, email: name };
          const audit: AuditPort = (entry) => recordAudit({ ...entry, details: { via: "api_key", keyId: key.id, ...(entry.details as object) }, actor, requestId, ip });
          response = await handler({ req, params, requestId, ip, audit, service: { actor, audit }, actor: { ...actor, name }, api: true });
        }
      }
    } catch (error) {
      response = errorResponse(error, requestId, req);
    }
    if (rate) for (const [name, value] of Object.entries(rateHeaders(rate))) response.headers.set(name, value);
    response.headers.set("x-request-id", requestId);
    if (!response.headers.has("cache-control")) response.headers.set("cache-control", "no-store");
    return response;
  };
}

function errorResponse(error: unknown, requestId: string, req: NextRequest): Response {
  const body = toProblem(error, requestId);
  // A refusal that says when to try again (a write limit) says it in the header too.
  if (body) return problemResponse(body, typeof body.retryAfterSeconds === "number" ? { "Retry-After": String(body.retryAfterSeconds) } : undefined);
  log.error("route handler failed", { event: "http.handler_failed", request_id: requestId, method: req.method, path: req.nextUrl.pathname, error: String(error) });
  return problem("internal", "Something went wrong on the console's side.", { requestId });
}
