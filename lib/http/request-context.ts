import { randomUUID } from "node:crypto";
import { CLIENT_REQUEST_ID_PATTERN } from "@/lib/rules/ids";
import { CLIENT_IP_HEADER, openClientIp } from "@/lib/server/client-address";

export interface RequestContext {
  /** Always ours: a client cannot choose the id the audit trail stores. */
  requestId: string;
  /** The id the client sent, if well-formed; for logs only. */
  clientRequestId: string | null;
  ip: string;
}

/**
 * The client address as the console's server determined it (scripts/server.ts: the socket's
 * peer, or a trusted proxy's X-Forwarded-For entry). Forwarding headers are never read here.
 */
export function clientIp(headers: Headers): string {
  return openClientIp(headers.get(CLIENT_IP_HEADER)) ?? "unknown";
}

export function requestContext(headers: Headers): RequestContext {
  const incoming = headers.get("x-request-id");
  return {
    requestId: randomUUID(),
    clientRequestId: incoming && CLIENT_REQUEST_ID_PATTERN.test(incoming) ? incoming : null,
    ip: clientIp(headers),
  };
}
