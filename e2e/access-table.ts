import type { E2ERole } from "./env";

export type Who = "anonymous" | E2ERole | "cross-origin";

/** One route handler and method, with the expected status for each kind of caller. */
export interface RouteCase {
  file: string;
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  url: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** Expected status per caller; a write's cross-origin call is made as admin. */
  expect: Partial<Record<Who, number>>;
}
