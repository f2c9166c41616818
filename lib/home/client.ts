import useSWR from "swr";
import { fetcher, sendJson, type ProblemError } from "@/lib/swr/fetcher";
import { homeTileUrl, type HomeTile } from "@/lib/home/constants";
import type { Handover } from "@/lib/home/handover";
import type { HomeTiles } from "@/lib/home/schemas";

const REFRESH_MS = 30_000;

export function useHomeTile<K extends HomeTile>(tile: K) {
  return useSWR<HomeTiles[K], ProblemError>(homeTileUrl(tile), fetcher, { refreshInterval: REFRESH_MS, keepPreviousData: true });
}

const HANDOVERS_API = "/api/home/handovers";

export function usePinnedHandover() {
  return useSWR<{ handover: Handover | null }>(HANDOVERS_API, fetcher, { shouldRetryOnError: false });
}

export function markHandoverReadRequest(id: number): Promise<unknown> {
  return sendJson(`${HANDOVERS_API}/${id}/read`, "POST", {});
}

export function writeHandoverRequest(): Promise<{ handover: Handover }> {
  return sendJson(HANDOVERS_API, "POST", {});
}

export function sendHandoverRequest(id: number, channelId: string): Promise<{ channel: string }> {
  return sendJson(`${HANDOVERS_API}/${id}/send`, "POST", { channelId });
}
