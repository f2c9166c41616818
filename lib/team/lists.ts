import { defineListBase, lightLimit, lightPage } from "@/lib/list/base";

// The team's sizes and list URL state without zod, for the browser; lib/team/schemas.ts builds the list on zod fields.

export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 200;
export const NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 254;

export const TEAM_API = "/api/team";
// The console shows the whole team at once; paging only begins past this many members.
export const TEAM_PAGE_SIZES = [1000] as const;

export const teamListSpec = { path: TEAM_API, pageSizes: TEAM_PAGE_SIZES };
export const teamListBase = defineListBase({ ...teamListSpec, fields: { page: lightPage(1000), limit: lightLimit(TEAM_PAGE_SIZES, 1000) } });
