import type { Kysely } from "kysely";
import { vi } from "vitest";
import type { CurrentMember } from "@/lib/auth/session";
import type { Store } from "@/lib/store/open";
import type { Database } from "@/lib/store/schema";
import type { UpstreamClient } from "@/lib/upstream/client";

// The doors route tests stub (docs/testing.md "Shared test set-up"): import this module first; a door left undefined stays real.

export interface RouteDoors {
  member?: CurrentMember | null;
  conn?: Kysely<Database>;
  store?: Store;
  client?: UpstreamClient;
  config?: () => unknown;
  locale?: "en" | "tr";
  alerts?: unknown[];
}

let doors: RouteDoors = {};

export function stubDoors<T extends RouteDoors>(state: T): T {
  doors = state;
  return state;
}

vi.mock("@/lib/auth/session", async (importOriginal) => {
  const real = await importOriginal<typeof import("@/lib/auth/session")>();
  return {
    ...real,
    getCurrentMember: async () => (doors.member === undefined ? real.getCurrentMember() : doors.member),
    requirePageMember: async () => doors.member ?? real.requirePageMember(),
  };
});

vi.mock("@/lib/store", async (importOriginal) => {
  const real = await importOriginal<typeof import("@/lib/store")>();
  return { ...real, db: async () => doors.conn ?? real.db(), store: async () => doors.store ?? real.store() };
});

vi.mock("@/lib/config", async (importOriginal) => {
  const real = await importOriginal<typeof import("@/lib/config")>();
  return { ...real, getConfig: () => (doors.config ? doors.config() : real.getConfig()) };
});

vi.mock("@/lib/upstream", async (importOriginal) => {
  const real = await importOriginal<typeof import("@/lib/upstream")>();
  return { ...real, upstream: () => doors.client ?? real.upstream() };
});

vi.mock("next-intl/server", async (importOriginal) => {
  const real = await importOriginal<typeof import("next-intl/server")>();
  const keys = Object.assign((key: string) => key, { has: () => false });
  return {
    ...real,
    getTranslations: (...args: Parameters<typeof real.getTranslations>) => (doors.locale ? Promise.resolve(keys) : real.getTranslations(...args)),
    getLocale: () => (doors.locale ? Promise.resolve(doors.locale) : real.getLocale()),
    getTimeZone: (...args: Parameters<typeof real.getTimeZone>) => (doors.locale ? Promise.resolve("Europe/Istanbul") : real.getTimeZone(...args)),
  };
});

vi.mock("@/lib/alerts/events", async (importOriginal) => {
  const real = await importOriginal<typeof import("@/lib/alerts/events")>();
  return { ...real, raiseAlert: async (event: Parameters<typeof real.raiseAlert>[0]) => (doors.alerts ? (doors.alerts.push(event), []) : real.raiseAlert(event)) };
});
