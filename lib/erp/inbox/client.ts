import useSWR from "swr";
import { FAILURES_COUNT_API, failuresListBase, type FailuresListState, type InboxGroupKey, type InboxPage } from "@/lib/erp/inbox/lists";
import { useList } from "@/lib/list/client";
import { fetcher, sendJson } from "@/lib/swr/fetcher";

const POLL_MS = 30_000;

export function useFailures(state: FailuresListState) {
  return useList<InboxPage>(failuresListBase, state);
}

/** The open failures count (one SWR key, one poll, wherever it shows). */
export function useOpenFailureCount() {
  return useSWR<{ open: number }>(FAILURES_COUNT_API, fetcher, { refreshInterval: POLL_MS, shouldRetryOnError: false });
}

export type RetryFailuresBody = InboxGroupKey & { confirmUnknown?: boolean; confirmRejected?: boolean };

export function retryFailuresRequest(state: FailuresListState, body: RetryFailuresBody, idempotencyKey: string): Promise<{ run: { id: string; counts: { total: number } } }> {
  return sendJson(failuresListBase.href("retry", state), "POST", body, { "Idempotency-Key": idempotencyKey });
}

export function resolveFailuresRequest(state: FailuresListState, body: InboxGroupKey & { note: string }): Promise<{ resolved: number }> {
  return sendJson(failuresListBase.href("resolve", state), "POST", body);
}
