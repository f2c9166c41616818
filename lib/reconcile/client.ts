import useSWR from "swr";
import { useList } from "@/lib/list/client";
import { fetcher, sendJson, type ProblemError } from "@/lib/swr/fetcher";
import { withFormat, type ExportFormat } from "@/lib/export/format";
import { RECONCILIATIONS_API, reconciliationListBase, type Bucket, type bucketOrderListBase } from "@/lib/reconcile/constants";
import type { BucketOrders, QueueNeverSeenResult, Reconciliation, ReconciliationList, UploadPreview } from "@/lib/reconcile/schemas";

const POLL_MS = 1000;

export function useReconciliations(state: { page: number; limit: number }) {
  return useList<ReconciliationList>(reconciliationListBase, state, { refreshInterval: (data) => (data?.items.some((r) => r.status === "running") ? 2 * POLL_MS : 0) });
}

export function useReconciliation(id: string, fallbackData?: Reconciliation) {
  return useSWR<Reconciliation, ProblemError>(`${RECONCILIATIONS_API}/${id}`, fetcher, { fallbackData, refreshInterval: (data) => (data?.status === "running" ? POLL_MS : 0) });
}

export function useBucketOrders(list: ReturnType<typeof bucketOrderListBase>, state: { bucket: Bucket; channel?: string; page: number; limit: number }) {
  return useList<BucketOrders>(list, state);
}

export function startReconciliationRequest(body: { from: string; to: string }): Promise<{ id: string }> {
  return sendJson(RECONCILIATIONS_API, "POST", body);
}

export function uploadRequest(body: { fileName: string; content: string; start: boolean }): Promise<{ preview: UploadPreview; id: string | null }> {
  return sendJson(`${RECONCILIATIONS_API}/upload`, "POST", body);
}

export function queueNeverSeenRequest(id: string): Promise<QueueNeverSeenResult> {
  return sendJson(`${RECONCILIATIONS_API}/${id}/queue-never-seen`, "POST");
}

export function bucketExportHref(id: string, bucket: Bucket, format: ExportFormat, channel?: string): string {
  return withFormat(`${RECONCILIATIONS_API}/${id}/export?${new URLSearchParams({ bucket, ...(channel !== undefined && { channel }) })}`, format);
}

export async function fileContent(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = "";
  for (let at = 0; at < bytes.length; at += 0x8000) binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  return btoa(binary);
}
