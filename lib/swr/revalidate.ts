import { useCallback } from "react";
import { useSWRConfig } from "swr";

export function isKeyUnder(key: unknown, prefix: string): boolean {
  return typeof key === "string" && (key === prefix || key.startsWith(`${prefix}?`) || key.startsWith(`${prefix}/`));
}

export function useRevalidateUnder() {
  const { mutate } = useSWRConfig();
  return useCallback((prefix: string) => mutate((key) => isKeyUnder(key, prefix)), [mutate]);
}
