import { readFileSync } from "node:fs";
import { expect, test, type APIRequestContext, type APIResponse } from "@playwright/test";
import { setCacheBustingSearchParam } from "next/dist/client/components/router-reducer/set-cache-busting-search-param.js";
import { emulator } from "@/test/emulator";
import { E2E_BASE_URL, ROLES, storageStateFor, type E2ERole } from "@/test/env";
import { pageFiles, PAGES, SECTIONS, stateTreeOf, type Marker, type MemberExpectation, type PageCase, type PageFixtures } from "@/e2e/page-access-pages";

// Every page x every kind of caller x every kind of page request. A page must check the member
// itself: on an RSC navigation from another dashboard page the shared layout is not rendered
// again, so a check there alone does not run. Callers without a valid, active session get a
// redirect to /login and nothing of the account; members get the page their role allows.

type Caller = "anonymous" | "forged" | "deactivated" | E2ERole;
const REFUSED: Caller[] = ["anonymous", "forged", "deactivated"];
const CALLERS: Caller[] = [...REFUSED, ...ROLES];

interface Kind {
  name: string;
  rsc: boolean;
  prefetch: boolean;
  headers: Record<string, string>;
}

/** A full load, then an RSC navigation and an RSC prefetch from each section's list page. */
function kindsFor(url: string): Kind[] {
  const from = SECTIONS.filter((s) => `/${s}` !== url);
  return [
    { name: "full load", rsc: false, prefetch: false, headers: {} },
    ...from.map((s) => ({ name: `RSC navigation from /${s}`, rsc: true, prefetch: false, headers: { rsc: "1", "next-router-state-tree": stateTreeOf(s) } })),
    ...from.map((s) => ({
      name: `RSC prefetch from /${s}`,
      rsc: true,
      prefetch: true,
      headers: { rsc: "1", "next-router-prefetch": "1", "next-router-state-tree": stateTreeOf(s) },
    })),
  ];
}

/** The URL a Next client would ask: RSC requests carry the `_rsc` hash of their headers (or Next redirects to it). */
async function requestUrl(url: string, kind: Kind): Promise<string> {
  if (!kind.rsc) return url;
  const u = new URL(url, E2E_BASE_URL);
  await setCacheBustingSearchParam(u, kind.headers);
  return u.pathname + u.search;
}

const STAMP = Date.now();
const ORDER_IDS = [`7${String(STAMP).slice(-9)}1`, `7${String(STAMP).slice(-9)}2`];

/** What must never reach a caller without a session: seed data, member emails, audit fields. */
function needles(f: PageFixtures, deactivatedEmail: string): string[] {
  return [
    "İSTANBUL Şube",
    "IST01",
    "Ankara Depo",
    "ANK01",
    "GAZ01",
    f.warehouseName,
    f.runId,
    ...ORDER_IDS,
    "admin@demo.local",
    "operator@demo.local",
    "viewer@demo.local",
    deactivatedEmail,
    "auth.sign_in",
    "actorEmail",
    '"ip"',
    "signed-in-user",
  ];
}

const has = (body: string, marker: Marker) => (typeof marker === "string" ? body.includes(marker) : marker.test(body));

const REDIRECT_STATUSES = [302, 303, 307, 308];
/** A redirect thrown while rendering an RSC answer travels in the payload as this digest. */
const flightRedirect = (body: string, to: string) => new RegExp(`NEXT_REDIRECT;(?:replace|push);${to.replace(/[/?]/g, "\\$&")}(?:[;?])`).test(body);

function redirectTarget(res: APIResponse, body: string, isRsc: boolean): string | null {
  const location = res.headers()["location"];
  if (REDIRECT_STATUSES.includes(res.status()) && location) return new URL(location, E2E_BASE_URL).pathname;
  if (isRsc && res.status() === 200) {
    const m = /NEXT_REDIRECT;(?:replace|push);([^;?"]+)/.exec(body);
    if (m) return m[1]!;
  }
  return null;
}

// A public catalog text that names a thing the matrix also looks for: the activity filter's example
// action. It travels in the message catalog of every document, so it is taken out before looking
// for account data. (The sign-in page's demo accounts are its page case's `shows`.)
const catalog = <T>(locale: string, file: string) => JSON.parse(readFileSync(`lib/i18n/messages/${locale}/${file}.json`, "utf8")) as T;
const PUBLIC_TEXT = ["en", "tr"].flatMap((locale) => [catalog<{ validation: { activity: { action: string } } }>(locale, "validation").validation.activity.action]);
const withoutPublicText = (body: string) => PUBLIC_TEXT.reduce((b, text) => b.replaceAll(text, ""), body);

/** Where a needle shows, with a little context, for the failure message. */
function leaks(body: string, secret: string[]): string | null {
  const found = secret.filter((n) => body.includes(n));
  if (!found.length) return null;
  const at = body.indexOf(found[0]!);
  return `leaks ${found.join(", ")} (…${body.slice(Math.max(0, at - 80), at + 80)}…)`;
}

/** null when the answer is right, else why not. */
async function check(page: PageCase, caller: Caller, kind: Kind, res: APIResponse, f: PageFixtures, allSecret: string[]): Promise<string | null> {
  const body = withoutPublicText(await res.text());
  const status = res.status();
  const target = redirectTarget(res, body, kind.rsc);
  // The requested address itself may come back (a sign-in redirect's callbackUrl).
  const secret = allSecret.filter((n) => !page.url(f).includes(n) && !page.public?.shows?.includes(n));
  if (REFUSED.includes(caller)) {
    if (page.public) {
      if (status !== 200) return `status ${status}, expected the public page`;
      if (!kind.prefetch && !body.includes(page.public.contains)) return `no "${page.public.contains}" in the answer`;
      return leaks(body, secret);
    }
    const leak = leaks(body, secret) ?? leaks(res.headers()["location"] ?? "", secret);
    if (leak) return leak;
    if (target === "/login") return kind.rsc && status === 200 && !flightRedirect(body, "/login") ? "no redirect to /login in the RSC payload" : null;
    // A route prefetch of a dynamic page carries the route tree only (no component runs, so none
    // can redirect); it must hold nothing of the page.
    if (kind.prefetch && status === 200 && !target) {
      const marker = (["admin", "operator", "viewer"] as const)
        .map((r) => page.expect[r])
        .map((e) => (typeof e === "function" ? e(f) : e))
        .find((e): e is { contains: Marker } => "contains" in e);
      return marker && has(body, marker.contains) ? `the page (${String(marker.contains)}) is in a prefetch for a refused caller` : null;
    }
    return `status ${status}, ${target ? `redirect to ${target}` : "no redirect"}, expected a redirect to /login`;
  }
  const raw = page.expect[caller as E2ERole];
  const expected: MemberExpectation = typeof raw === "function" ? raw(f) : raw;
  if ("redirect" in expected) {
    if (kind.prefetch && status === 200 && !target) return null;
    return target === expected.redirect ? null : `status ${status}, ${target ? `redirect to ${target}` : "no redirect"}, expected ${expected.redirect}`;
  }
  if (status !== 200) return `status ${status}${target ? ` (redirect to ${target})` : ""}, expected 200`;
  if (kind.rsc && !(res.headers()["content-type"] ?? "").includes("text/x-component")) return `content-type ${res.headers()["content-type"]}, expected text/x-component`;
  // A prefetch of a dynamic page carries the route tree only: the page itself is not in it.
  if (!kind.prefetch && !has(body, expected.contains)) return `no ${String(expected.contains)} in the answer`;
  if (expected.lacks && has(body, expected.lacks)) return `${String(expected.lacks)} is in the answer`;
  return null;
}

/** Runs the tasks at most `limit` at a time. */
async function pool<T>(tasks: (() => Promise<T>)[], limit: number): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < tasks.length) {
        const i = next++;
        results[i] = await tasks[i]!();
      }
    }),
  );
  return results;
}

const cookieHeaderOf = (cookies: { name: string; value: string }[]) =>
  cookies
    .filter((c) => c.name.includes("authjs.session-token"))
    .map((c) => `${c.name}=${c.value}`)
    .join("; ");

let fixtures: PageFixtures;
let deactivatedEmail: string;
const cookieOf: Partial<Record<Caller, string>> = { forged: "authjs.session-token=not-a-session" };

test.beforeAll(async ({ playwright }) => {
  const admin = await playwright.request.newContext({ baseURL: E2E_BASE_URL, storageState: storageStateFor("admin"), extraHTTPHeaders: { Origin: E2E_BASE_URL } });
  const operator = await playwright.request.newContext({ baseURL: E2E_BASE_URL, storageState: storageStateFor("operator"), extraHTTPHeaders: { Origin: E2E_BASE_URL } });

  // A warehouse and a run of the matrix's own, so that its needles are unmistakable.
  const warehouseName = `Page Access Depo ${STAMP}`;
  const created = await admin.post("/api/warehouses", { data: { name: warehouseName, code: `PGA-${STAMP}` } });
  expect(created.status(), await created.text()).toBe(201);
  const warehouseId = (await created.json()).warehouse.id as number;
  const run = await operator.post("/api/erp/transfers", { headers: { "Idempotency-Key": crypto.randomUUID() }, data: { orderIds: ORDER_IDS } });
  expect(run.status(), await run.text()).toBe(201);
  const reconciliation = await operator.post("/api/erp/reconciliations", { data: { orders: ORDER_IDS.map((id) => ({ id })) } });
  expect(reconciliation.status(), await reconciliation.text()).toBe(201);
  fixtures = { warehouseId, warehouseName, runId: (await run.json()).run.id as string, reconciliationId: (await reconciliation.json()).id as string };

  // A member that signs in (a valid session cookie) and is then deactivated.
  deactivatedEmail = `page-access-${STAMP}@demo.local`;
  const password = "page-access-password";
  const member = await admin.post("/api/team", { data: { email: deactivatedEmail, name: `Page Access ${STAMP}`, role: "admin", password } });
  expect(member.status(), await member.text()).toBe(201);
  const memberId = (await member.json()).member.id as number;
  const browser = await playwright.request.newContext({ baseURL: E2E_BASE_URL, storageState: { cookies: [], origins: [] } });
  const { csrfToken } = await (await browser.get("/api/auth/csrf")).json();
  const signIn = await browser.post("/api/auth/callback/credentials", { form: { csrfToken, email: deactivatedEmail, password }, maxRedirects: 0 });
  expect(signIn.headers()["location"] ?? "", "the dedicated member signs in").not.toContain("error");
  cookieOf.deactivated = cookieHeaderOf((await browser.storageState()).cookies);
  expect(cookieOf.deactivated, "a session cookie after sign-in").toContain("authjs.session-token=");
  // While still active, the cookie opens a page: the refusals below are about the deactivation.
  expect((await browser.get("/team", { maxRedirects: 0 })).status()).toBe(200);
  const off = await admin.patch(`/api/team/${memberId}`, { data: { active: false } });
  expect(off.status(), await off.text()).toBe(200);
  await browser.dispose();

  for (const role of ROLES) {
    const state = JSON.parse(readFileSync(storageStateFor(role), "utf8")) as { cookies: { name: string; value: string }[] };
    cookieOf[role] = cookieHeaderOf(state.cookies);
  }
  await admin.dispose();
  await operator.dispose();
});

test("every page file is in the page access table", () => {
  const covered = new Set(PAGES.map((p) => p.file));
  expect(pageFiles().filter((f) => !covered.has(f))).toEqual([]);
  expect(PAGES.filter((p) => !pageFiles().includes(p.file)).map((p) => p.file)).toEqual([]);
});

for (const caller of CALLERS) {
  test(`every page, every request kind, as ${caller}`, async ({ playwright }) => {
    test.setTimeout(120_000);
    // No cookie jar: every request carries exactly the caller's cookie (or none).
    const api: APIRequestContext = await playwright.request.newContext({ baseURL: E2E_BASE_URL, storageState: { cookies: [], origins: [] } });
    const secret = needles(fixtures, deactivatedEmail);
    const cells = PAGES.flatMap((page) => kindsFor(page.url(fixtures)).map((kind) => ({ page, kind })));
    const since = (await emulator.requests()).lastSeq;
    const failures = await pool(
      cells.map(({ page, kind }) => async () => {
        const url = await requestUrl(page.url(fixtures), kind);
        const headers = { ...kind.headers, ...(cookieOf[caller] ? { cookie: cookieOf[caller]! } : {}) };
        const res = await api.get(url, { headers, maxRedirects: 0 });
        const why = await check(page, caller, kind, res, fixtures, secret);
        return why ? `${page.url(fixtures)} x ${caller} x ${kind.name}: ${why}` : null;
      }),
      4,
    );
    await api.dispose();
    // Nor does a refused caller make the console ask the upstream for anything (a warehouse's
    // name for a title, a list): the member is checked first.
    if (REFUSED.includes(caller)) {
      const upstream = (await emulator.requests(since)).requests.filter((r) => r.path.startsWith("/v1/stores"));
      failures.push(...upstream.map((r) => `${caller} made the console call the upstream: ${r.method} ${r.path}`));
    }
    expect(failures.filter(Boolean)).toEqual([]);
  });
}
