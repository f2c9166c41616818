import useSWR from "swr";
import { fetcher, type ProblemError } from "@/lib/swr/fetcher";
import { homeTileUrl, type HomeTile } from "@/lib/home/constants";
import type { HomeTiles } from "@/lib/home/schemas";

const REFRESH_MS = 30_000;

export function useHomeTile<K extends HomeTile>(tile: K) {
  return useSWR<HomeTiles[K], ProblemError>(homeTileUrl(tile), fetcher, { refreshInterval: REFRESH_MS, keepPreviousData: true });
}
