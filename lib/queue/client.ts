import useSWR from "swr";
import { QUEUE_API, QUEUE_SEND_API } from "@/lib/queue/constants";
import type { QueueOverview } from "@/lib/queue/schemas";
import { fetcher, sendJson, type ProblemError } from "@/lib/swr/fetcher";

export function useQueue(page: number) {
  return useSWR<QueueOverview, ProblemError>(`${QUEUE_API}?page=${page}`, fetcher, { keepPreviousData: true });
}

export function sendQueueRequest(idempotencyKey: string): Promise<{ run: { id: string; counts: { total: number } } }> {
  return sendJson(QUEUE_SEND_API, "POST", undefined, { "Idempotency-Key": idempotencyKey });
}

export function removeQueuedRequest(orderIds: string[]): Promise<{ removed: string[] }> {
  return sendJson(QUEUE_API, "DELETE", { orderIds });
}
