"use client";

import { SWRConfig } from "swr";

/** The first page of data as the server rendered it, keyed like the SWR keys. */
export function SwrFallback({ fallback, children }: { fallback: Record<string, unknown>; children: React.ReactNode }) {
  return <SWRConfig value={{ fallback }}>{children}</SWRConfig>;
}
