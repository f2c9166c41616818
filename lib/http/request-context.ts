import { randomUUID } from "node:crypto";

export interface RequestContext {
  requestId: string;
  ip: string;
}

/** The client address as the server saw it (first X-Forwarded-For hop, set by Next's server). */
export function clientIp(headers: Headers): string {
  const forwarded = headers.get("x-forwarded-for")?.split(",")[0]?.trim();
  return forwarded || headers.get("x-real-ip") || "unknown";
}

export function requestContext(headers: Headers): RequestContext {
  const incoming = headers.get("x-request-id");
  const requestId = incoming && /^[\w-]{8,64}$/.test(incoming) ? incoming : randomUUID();
  return { requestId, ip: clientIp(headers) };
}
