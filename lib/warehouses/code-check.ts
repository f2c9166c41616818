import { useEffect, useState } from "react";
import useSWR from "swr";
import { fetcher, type ProblemError } from "@/lib/swr/fetcher";
import { CODE_CHECK_DEBOUNCE_MS, useDebouncedValue } from "@/lib/warehouses/client";
import { WAREHOUSES_API } from "@/lib/warehouses/lists";
import type { CodeCheckResult } from "@/lib/warehouses/schemas";

type CodeSchema = { safeParse(value: unknown): { success: boolean } };
const loadCodeSchema = async (): Promise<CodeSchema> => (await import("@/lib/warehouses/schemas")).warehouseCodeSchema;

// The form's advisory code check: only a code the form's schema takes is asked about; the schema loads after the page.

export function useCodeCheck(code: string, excludeId?: number) {
  const debounced = useDebouncedValue(code.trim(), CODE_CHECK_DEBOUNCE_MS);
  const [codeSchema, setCodeSchema] = useState<CodeSchema | null>(null);
  useEffect(() => {
    let live = true;
    loadCodeSchema().then(
      (schema) => live && setCodeSchema(schema),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  const valid = debounced !== "" && codeSchema !== null && codeSchema.safeParse(debounced).success;
  const params = new URLSearchParams({ code: debounced });
  if (excludeId !== undefined) params.set("excludeId", String(excludeId));
  const key = valid ? `${WAREHOUSES_API}/code-check?${params.toString()}` : null;
  const { data, error, isLoading } = useSWR<CodeCheckResult, ProblemError>(key, fetcher, { revalidateOnFocus: false, dedupingInterval: 5_000 });
  const settled = debounced === code.trim();
  return { typed: debounced, checking: valid && (!settled || isLoading), result: valid && settled ? (data ?? null) : null, error: valid ? error : undefined };
}
