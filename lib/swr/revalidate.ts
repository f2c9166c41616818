import { useCallback } from "react";
import { useSWRConfig } from "swr";

/** Whether an SWR key is the resource at `prefix` or under it (any page, filter or item of a list). */
export function isKeyUnder(key: unknown, prefix: string): boolean {
  return typeof key === "string" && (key === prefix || key.startsWith(`${prefix}?`) || key.startsWith(`${prefix}/`));
}

/** Revalidates every cached key under a prefix, e.g. after a write. */
export function useRevalidateUnder() {
  const { mutate } = useSWRConfig();
  return useCallback((prefix: string) => mutate((key) => isKeyUnder(key, prefix)), [mutate]);
}
