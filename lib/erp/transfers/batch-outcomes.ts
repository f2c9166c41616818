import type { ErpOrderOutcome } from "@/lib/store/schema";
import type { TransferResult } from "@/lib/upstream/client";
import { UpstreamError } from "@/lib/upstream/errors";
import { redactSecrets } from "@/lib/rules/secrets";
import type { ClaimedBatch } from "@/lib/erp/transfers/settling";

// A batch the upstream may have acted on is `unknown` and never resent on its own (docs/upstream-api.md).

export interface BatchOutcome {
  outcome: Exclude<ErpOrderOutcome, "pending" | "sending">;
  reason: string | null;
  reasonCode: string | null;
}

const PLATFORM_TEXT_MAX = 300;

function platformText(error: UpstreamError): string | null {
  const text = redactSecrets(error.upstreamMessage ?? "").trim();
  return text ? text.slice(0, PLATFORM_TEXT_MAX) : null;
}

export function batchFailure(error: unknown): BatchOutcome {
  if (!(error instanceof UpstreamError)) return { outcome: "unknown", reason: null, reasonCode: "console_error" };
  const outcome = error.mayHaveActed ? "unknown" : "not_transferred";
  switch (error.kind) {
    case "timeout":
      return { outcome, reason: null, reasonCode: "timeout" };
    case "network":
      return { outcome, reason: null, reasonCode: error.mayHaveActed ? "connection_lost" : "unreachable" };
    case "invalid-response":
      return { outcome, reason: null, reasonCode: "invalid_response" };
    case "http": {
      const status = error.status ?? 0;
      if (status === 401 || status === 403) return { outcome, reason: null, reasonCode: `auth:${status}` };
      if (status === 429) return { outcome, reason: platformText(error), reasonCode: "rate_limited:429" };
      if (status >= 500 && !error.mayHaveActed) return { outcome, reason: platformText(error), reasonCode: `unavailable:${status}` };
      // Bodies of a 5xx that may have worked are never passed on (docs/architecture.md).
      if (status >= 500 || status < 400) return { outcome, reason: null, reasonCode: `server_error:${status}` };
      return { outcome, reason: error.upstreamMessage ?? null, reasonCode: `rejected:${status}` };
    }
  }
}

export function batchOutcomes(ids: readonly string[], result: TransferResult): Map<string, BatchOutcome> {
  const transferred = new Set(result.transferred);
  const failed = new Map(result.notTransferred.map((n) => [n.id, n.error]));
  const out = new Map<string, BatchOutcome>();
  for (const id of ids) {
    const ok = transferred.has(id);
    const error = failed.get(id);
    if (ok && error !== undefined) out.set(id, { outcome: "unknown", reason: null, reasonCode: "contradictory_answer" });
    else if (ok) out.set(id, { outcome: "transferred", reason: null, reasonCode: null });
    else if (error !== undefined) out.set(id, { outcome: "not_transferred", reason: error || null, reasonCode: error ? null : "no_reason" });
    else out.set(id, { outcome: "unknown", reason: null, reasonCode: "not_in_answer" });
  }
  return out;
}


export interface OnTheWire {
  batch: ClaimedBatch;
  answer: Promise<Map<string, BatchOutcome>>;
}

// Batches settle in the order sent, so what is on the wire is one range above the run's mark, which a takeover marks unknown.
export function sendBatch(upstream: { transferOrders(orderIds: readonly string[]): Promise<TransferResult> }, batch: ClaimedBatch, onConsoleError: (error: unknown) => void): OnTheWire {
  const ids = batch.rows.map((r) => r.order_id);
  let call: Promise<TransferResult>;
  try {
    call = upstream.transferOrders(ids);
  } catch (error) {
    call = Promise.reject(error);
  }
  // Never rejects: an answer nobody waits for any more (the job was lost) must not surface as an unhandled rejection.
  const answer = call.then(
    (result) => batchOutcomes(ids, result),
    (error: unknown) => {
      const failure = batchFailure(error);
      if (!(error instanceof UpstreamError)) onConsoleError(error);
      return new Map(ids.map((id) => [id, failure]));
    },
  );
  return { batch, answer };
}
