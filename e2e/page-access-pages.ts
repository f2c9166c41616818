import { readdirSync } from "node:fs";
import path from "node:path";
import type { E2ERole } from "@/test/env";

// Every page (app/**/page.tsx) and what each role gets; a page file without a row here fails page-access.spec.ts.

export interface PageFixtures {
  warehouseId: number;
  warehouseName: string;
  runId: string;
  reconciliationId: string;
}

/** Text or a pattern; a pattern lets one check match both the HTML and the RSC payload. */
export type Marker = string | RegExp;
export type MemberExpectation = { contains: Marker; lacks?: Marker } | { redirect: string };

export interface PageCase {
  file: string;
  url: (f: PageFixtures) => string;
  /** A page anyone may open; `shows`: needles it may hold by design (the demo accounts, in demo mode). */
  public?: { contains: string; shows?: readonly string[] };
  expect: Record<E2ERole, MemberExpectation | ((f: PageFixtures) => MemberExpectation)>;
}

const all = (e: MemberExpectation): Record<E2ERole, MemberExpectation> => ({ viewer: e, operator: e, admin: e });
// The not-allowed notice (a server component): data-testid="not-allowed" in HTML, "data-testid":"not-allowed" in RSC.
const NOT_ALLOWED_VIEW = /data-testid"?[=:]"not-allowed"/;
const NOT_ALLOWED = { contains: NOT_ALLOWED_VIEW };
const form = (section: string) => ({ contains: section, lacks: NOT_ALLOWED_VIEW });

const DEMO_EMAILS = ["admin@demo.local", "operator@demo.local", "viewer@demo.local"];

export const PAGES: PageCase[] = [
  { file: "page.tsx", url: () => "/", expect: all({ contains: /data-testid"?[=:]"home-page"/ }) },
  { file: "(dashboard)/erp/schedules/page.tsx", url: () => "/erp/schedules", expect: all({ contains: "schedules-page" }) },
  { file: "(dashboard)/erp/failures/page.tsx", url: () => "/erp/failures", expect: all({ contains: "failures-page" }) },
  { file: "(dashboard)/handover/page.tsx", url: () => "/handover", expect: all({ contains: "handover-page" }) },
  { file: "(dashboard)/alerts/page.tsx", url: () => "/alerts", expect: all({ contains: "alerts-page" }) },
  { file: "(auth)/login/page.tsx", url: () => "/login", public: { contains: "Sign in with your team account", shows: DEMO_EMAILS }, expect: all({ redirect: "/" }) },
  { file: "(dashboard)/warehouses/page.tsx", url: () => "/warehouses", expect: all({ contains: "warehouses-page" }) },
  {
    file: "(dashboard)/warehouses/new/page.tsx",
    url: () => "/warehouses/new",
    expect: { viewer: NOT_ALLOWED, operator: form("warehouse-create"), admin: form("warehouse-create") },
  },
  {
    file: "(dashboard)/warehouses/[id]/page.tsx",
    url: (f) => `/warehouses/${f.warehouseId}`,
    expect: all({ contains: "warehouse-detail" }),
  },
  {
    file: "(dashboard)/warehouses/[id]/edit/page.tsx",
    url: (f) => `/warehouses/${f.warehouseId}/edit`,
    expect: { viewer: NOT_ALLOWED, operator: form("warehouse-edit"), admin: form("warehouse-edit") },
  },
  { file: "(dashboard)/erp/page.tsx", url: () => "/erp", expect: all({ contains: "erp-page" }) },
  { file: "(dashboard)/erp/transfers/[runId]/page.tsx", url: (f) => `/erp/transfers/${f.runId}`, expect: all({ contains: "run-page" }) },
  { file: "(dashboard)/erp/orders/[orderId]/page.tsx", url: () => "/erp/orders/3572228", expect: all({ contains: "order-page" }) },
  { file: "(dashboard)/reconciliations/page.tsx", url: () => "/reconciliations", expect: all({ contains: "reconciliations-page" }) },
  { file: "(dashboard)/reconciliations/[id]/page.tsx", url: (f) => `/reconciliations/${f.reconciliationId}`, expect: all({ contains: "reconciliation-page" }) },
  { file: "(dashboard)/activity/page.tsx", url: () => "/activity", expect: all({ contains: "auth.sign_in" }) },
  { file: "(dashboard)/team/page.tsx", url: () => "/team", expect: all({ contains: "team-page" }) },
  { file: "(dashboard)/team/keys/page.tsx", url: () => "/team/keys", expect: { viewer: NOT_ALLOWED, operator: NOT_ALLOWED, admin: form("keys-page") } },
  // Any member may read the reference: it describes what a key could do, not any key.
  { file: "(dashboard)/team/api/page.tsx", url: () => "/team/api", expect: all({ contains: "api-reference-page" }) },
];

/** The dashboard sections; an RSC navigation is sent "from" each one's list page. */
export const SECTIONS = ["warehouses", "erp", "activity", "team"] as const;

/** The router state a browser has on a section's list page (what Next-Router-State-Tree carries). */
export function stateTreeOf(section: (typeof SECTIONS)[number]): string {
  return encodeURIComponent(JSON.stringify(["", { children: ["(dashboard)", { children: [section, { children: ["__PAGE__", {}] }] }] }]));
}

const APP_DIR = path.join(process.cwd(), "app");

export function pageFiles(dir = APP_DIR, prefix = ""): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? entry.name === "api" && dir === APP_DIR
        ? []
        : pageFiles(path.join(dir, entry.name), `${prefix}${entry.name}/`)
      : /^page\.(tsx|ts|jsx|js|mdx)$/.test(entry.name)
        ? [`${prefix}${entry.name}`]
        : [],
  );
}
