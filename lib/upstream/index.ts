import "server-only";
import { getConfig } from "@/lib/config";
import { log, registerSecret } from "@/lib/log";
import { createUpstreamClient, type UpstreamClient, type UpstreamClientOptions } from "@/lib/upstream/client";

export { UpstreamError, isUpstreamError } from "@/lib/upstream/errors";
export { IMPORT_KINDS, type ImportKind, type TransferResult, type WarehouseWrite, type UpstreamClient } from "@/lib/upstream/client";
export type { UpstreamOrder, UpstreamOrderPage, UpstreamWarehouse, UpstreamWarehousePage } from "@/lib/upstream/schemas";

type CallEvent = Parameters<NonNullable<UpstreamClientOptions["onCall"]>>[0];
const g = globalThis as unknown as { upstreamObservers?: Map<string, (e: CallEvent) => void> };
const observers = (g.upstreamObservers ??= new Map());

/** Features that count upstream calls (lib/health) register here; the client imports none of them. */
export function observeUpstreamCalls(name: string, observer: (e: CallEvent) => void): void {
  observers.set(name, observer);
}

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
        for (const observe of observers.values()) observe(e);
        if (e.error) log.warn("upstream call failed", { event: "upstream.call_failed", ...e });
        else log.debug("upstream call", { event: "upstream.call", ...e });
      },
    });
  }
  return client;
}
