import useSWR from "swr";
import { ORDERS_TRANSFERRED_API } from "@/lib/erp/history/constants";
import type { TransferredBefore } from "@/lib/erp/history/schemas";
import { sendJson, type ProblemError } from "@/lib/swr/fetcher";

/** Ids some run already put in the ERP; keyed by `checkKey` (one per preview), so a re-render does not ask again. */
export function useTransferredBefore(ids: string[], checkKey: string) {
  return useSWR<{ items: TransferredBefore[] }, ProblemError>(
    ids.length > 0 ? [ORDERS_TRANSFERRED_API, checkKey] : null,
    () => sendJson(ORDERS_TRANSFERRED_API, "POST", { orderIds: ids }),
    { revalidateOnFocus: false, shouldRetryOnError: false },
  );
}
