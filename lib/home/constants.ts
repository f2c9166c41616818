import type { RunResult } from "@/lib/erp/outcomes/meanings";

// The home page's tiles and sizes without zod, for the browser; lib/home/schemas.ts re-exports them.

export const HOME_TILES = ["imports", "transfers", "health", "warehouses", "activity", "failures", "calls", "outcomes", "orderAge"] as const;
export type HomeTile = (typeof HOME_TILES)[number];
export const homeTileUrl = (tile: HomeTile) => `/api/home/${tile}`;

/** Runs someone must look at: rejections alone are done, as the run page says. */
export const ATTENTION_RUN_RESULTS = ["needs_attention", "interrupted"] as const satisfies readonly RunResult[];
/** The run list narrowed to what the tile counts: runs whose orders the failures inbox still holds to retry. */
export const attentionRunsHref = (result: (typeof ATTENTION_RUN_RESULTS)[number]) => `/erp?result=${result}&open=retry`;
export const HOME_LIST_SIZE = 5;
export const HOME_ACTIVITY_SIZE = 8;
