import { defineListBase, limit, page } from "@/lib/list/base";

// The recovery's names and sizes without zod, for the browser; lib/erp/recoveries/schemas.ts re-exports them.

export const RECOVERIES_API = "/api/erp/recoveries";
export const RECOVERY_MAX_WINDOW_DAYS = 31;
export const RECOVERY_PREVIEW_IDS = 20;
export const RECOVERY_NAME_MAX = 120;
export const RECOVERY_LIST_SIZES = [10, 25, 50] as const;

export const recoveryListBase = defineListBase({
  path: RECOVERIES_API,
  pageSizes: RECOVERY_LIST_SIZES,
  urlKeys: { page: "recoveryPage", limit: "recoveryLimit" },
  fields: { page: page(10_000), limit: limit(RECOVERY_LIST_SIZES, 10) },
});
