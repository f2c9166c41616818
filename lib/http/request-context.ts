import { randomUUID } from "node:crypto";
import { CLIENT_REQUEST_ID_PATTERN } from "@/lib/rules/ids";
import { clientIp } from "@/lib/server/client-address";

export interface RequestContext {
  /** Always ours: a client cannot choose the id the audit trail stores. */
  requestId: string;
  clientRequestId: string | null;
  ip: string;
}

export function requestContext(headers: Headers): RequestContext {
  const incoming = headers.get("x-request-id");
  return {
    requestId: randomUUID(),
    clientRequestId: incoming && CLIENT_REQUEST_ID_PATTERN.test(incoming) ? incoming : null,
    ip: clientIp(headers),
  };
}
