import useSWR from "swr";
import { HOLD_API } from "@/lib/hold/constants";
import type { HoldState } from "@/lib/hold/schemas";
import { fetcher, sendJson, type ProblemError } from "@/lib/swr/fetcher";

export function useTransferHold(fallbackData?: HoldState) {
  return useSWR<HoldState, ProblemError>(HOLD_API, fetcher, { fallbackData });
}

export function putHoldRequest(body: { held: boolean; reason?: string; until?: string | null }): Promise<HoldState> {
  return sendJson(HOLD_API, "PUT", body);
}
