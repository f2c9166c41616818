import useSWR from "swr";
import { warehouseCodeSchema } from "@/lib/schemas/warehouse";
import { WAREHOUSES_API } from "@/lib/warehouses/url-state";
import { fetcher, type ProblemError } from "./fetcher";
import { CODE_CHECK_DEBOUNCE_MS, useDebouncedValue, type CodeCheckResult } from "./use-warehouses";

// Apart from use-warehouses.ts because it needs the zod schema: only the form (which ships zod
// anyway) loads it, not the list page.

/**
 * Whether a code is free, checked against the console's index while the person types. Only an
 * advisory: the upstream's answer on save is final.
 */
export function useCodeCheck(code: string, excludeId?: number) {
  const debounced = useDebouncedValue(code.trim(), CODE_CHECK_DEBOUNCE_MS);
  const valid = debounced !== "" && warehouseCodeSchema.safeParse(debounced).success;
  const params = new URLSearchParams({ code: debounced });
  if (excludeId !== undefined) params.set("excludeId", String(excludeId));
  const key = valid ? `${WAREHOUSES_API}/code-check?${params.toString()}` : null;
  const { data, error, isLoading } = useSWR<CodeCheckResult, ProblemError>(key, fetcher, { revalidateOnFocus: false, dedupingInterval: 5_000 });
  const settled = debounced === code.trim();
  return { checking: valid && (!settled || isLoading), result: valid && settled ? (data ?? null) : null, error: valid ? error : undefined };
}
