import "server-only";
import { getConfig } from "@/lib/config";
import { recordUpstreamCall } from "@/lib/health";
import { log, registerSecret } from "@/lib/log";
import { createUpstreamClient, type UpstreamClient } from "@/lib/upstream/client";

export { UpstreamError, isUpstreamError } from "@/lib/upstream/errors";
export { IMPORT_KINDS, type ImportKind, type TransferResult, type WarehouseWrite, type UpstreamClient } from "@/lib/upstream/client";
export type { UpstreamWarehouse, UpstreamWarehousePage } from "@/lib/upstream/schemas";

let client: UpstreamClient | undefined;

export function upstream(): UpstreamClient {
  if (!client) {
    const config = getConfig();
    registerSecret(config.upstreamToken);
    client = createUpstreamClient({
      baseUrl: config.upstreamUrl,
      token: config.upstreamToken,
      timeoutMs: config.upstreamTimeoutMs,
      onCall: (e) => {
        recordUpstreamCall(e);
        if (e.error) log.warn("upstream call failed", e);
        else log.debug("upstream call", e);
      },
    });
  }
  return client;
}
