import type { E2ERole } from "@/test/env";

export type Who = "anonymous" | E2ERole | "cross-origin";
export const CALLERS: readonly Who[] = ["anonymous", "viewer", "operator", "admin", "cross-origin"];

export interface RouteCase {
  file: string;
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  url: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** Expected status per caller (all five); a cross-origin call is made with an admin's session. */
  expect: Record<Who, number>;
}

/** A read: anyone signed in; reads are not origin-checked (no CORS headers, which the access test asserts). */
export function read(status = 200): Record<Who, number> {
  return { anonymous: 401, viewer: status, operator: status, admin: status, "cross-origin": status };
}

/** A write: 401 anonymous, 403 cross-origin (checked before the role), the rest per role. */
export function write(statuses: Pick<Record<Who, number>, "viewer" | "operator" | "admin">): Record<Who, number> {
  return { anonymous: 401, ...statuses, "cross-origin": 403 };
}
