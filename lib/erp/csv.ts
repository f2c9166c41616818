import { csvHeader, csvLines } from "@/lib/rules/csv";
import type { TransferOrderRow } from "@/lib/erp/schemas";

// "meaning" last: readers of the older columns keep their positions.
export const TRANSFER_CSV_COLUMNS = ["position", "order_id", "batch", "outcome", "reason", "upstream_reason", "reason_code", "meaning"] as const;

export function transferCsvHeader(): string {
  return csvHeader(TRANSFER_CSV_COLUMNS);
}

export function transferCsvLines(rows: TransferOrderRow[], describe: (row: TransferOrderRow) => string): string {
  return csvLines(rows.map((r) => [String(r.position), r.orderId, String(r.batch), r.outcome, describe(r), r.reason ?? "", r.reasonCode ?? "", r.meaning]));
}

export function transferCsvFilename(runId: string, outcome: string | undefined, ext: "csv" | "txt" = "csv"): string {
  return `erp-transfer-${runId.slice(0, 8)}${outcome ? `-${outcome}` : ""}.${ext}`;
}

export function transferExportResponse(
  chunks: AsyncIterator<TransferOrderRow[]>,
  file: { runId: string; outcome: string | undefined; format: "csv" | "txt" },
  describe: (row: TransferOrderRow) => string,
  onError: (error: unknown) => void,
): Response {
  const encoder = new TextEncoder();
  const txt = file.format === "txt";
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      if (!txt) controller.enqueue(encoder.encode(transferCsvHeader()));
    },
    async pull(controller) {
      try {
        const next = await chunks.next();
        if (next.done) return controller.close();
        controller.enqueue(encoder.encode(txt ? next.value.map((r) => `${r.orderId}\n`).join("") : transferCsvLines(next.value, describe)));
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
    headers: {
      "Content-Type": txt ? "text/plain; charset=utf-8" : "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${transferCsvFilename(file.runId, file.outcome, file.format)}"`,
    },
  });
}
