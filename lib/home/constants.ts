import type { TransferRunStatus } from "@/lib/erp/lists";

// The home page's tiles and sizes without zod, for the browser; lib/home/schemas.ts re-exports them.

export const HOME_TILES = ["imports", "transfers", "health", "warehouses", "activity", "failures"] as const;
export type HomeTile = (typeof HOME_TILES)[number];
export const homeTileUrl = (tile: HomeTile) => `/api/home/${tile}`;

export const ATTENTION_RUN_STATUSES = ["with_failures", "interrupted"] as const satisfies readonly TransferRunStatus[];
export const HOME_LIST_SIZE = 5;
export const HOME_ACTIVITY_SIZE = 8;
