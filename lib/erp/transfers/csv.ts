import type { ExportSheet } from "@/lib/export/sheet";
import type { TransferOrderRow } from "@/lib/erp/schemas";

/** A run's orders; "meaning" last, so readers of the older columns keep their positions. */
export function transferSheet(describe: (row: TransferOrderRow) => string): ExportSheet<TransferOrderRow, "transfer"> {
  return {
    name: "transfer",
    columns: [
      { key: "position", value: (r) => r.position },
      { key: "orderId", value: (r) => r.orderId },
      { key: "batch", value: (r) => r.batch },
      { key: "outcome", value: (r, _, t) => t(`erp.outcomes.${r.outcome}`) },
      { key: "reason", value: describe },
      { key: "upstreamReason", value: (r) => r.reason ?? "" },
      { key: "reasonCode", value: (r) => r.reasonCode ?? "" },
      { key: "meaning", value: (r, _, t) => t(`erp.meanings.${r.meaning}`) },
      { key: "source", value: (r) => r.source ?? "" },
      { key: "orderDate", value: (r) => (r.orderDate ? new Date(r.orderDate) : null) },
      { key: "packageId", value: (r) => r.packageId ?? "" },
    ],
  };
}

/** The ids alone, one a line: what "copy failed ids" reads. */
export function transferIdsResponse(chunks: AsyncIterator<TransferOrderRow[]>, runId: string, outcome: string | undefined, onError: (error: unknown) => void): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const next = await chunks.next();
        if (next.done) return controller.close();
        // The ids to act on: an order already in the ERP is not a failure to copy.
        const rows = outcome === "not_transferred" ? next.value.filter((r) => r.meaning !== "already_in_erp") : next.value;
        controller.enqueue(encoder.encode(rows.map((r) => `${r.orderId}\n`).join("")));
      } catch (error) {
        onError(error);
        controller.error(error);
      }
    },
    async cancel() {
      await chunks.return?.(undefined);
    },
  });
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Content-Disposition": `attachment; filename="erp-transfer-${runId.slice(0, 8)}${outcome ? `-${outcome}` : ""}.txt"` },
  });
}
