import { defineListBase, limit, page } from "@/lib/list/base";

export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 200;
export const NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 254;

export const TEAM_API = "/api/team";
// The console shows the whole team at once; paging only begins past this many members.
export const TEAM_PAGE_SIZES = [1000] as const;

export const teamListBase = defineListBase({ path: TEAM_API, pageSizes: TEAM_PAGE_SIZES, fields: { page: page(1000), limit: limit(TEAM_PAGE_SIZES, 1000) } });
