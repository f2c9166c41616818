import { randomUUID } from "node:crypto";
import { CLIENT_REQUEST_ID_PATTERN } from "@/lib/rules/ids";
import { CLIENT_IP_HEADER, openClientIp } from "@/lib/server/client-address";

export interface RequestContext {
  /** Always ours: a client cannot choose the id the audit trail stores. */
  requestId: string;
  clientRequestId: string | null;
  ip: string;
}

/** The address scripts/server.ts determined; forwarding headers are never read here. */
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
