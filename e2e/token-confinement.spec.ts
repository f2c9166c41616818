import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test, type APIRequestContext, type APIResponse } from "@playwright/test";
import { ROUTES } from "@/test/access-routes";
import { NO_RUN } from "@/test/access-routes-erp";
import { emulator, emulatorOrders, type FaultRule } from "@/test/emulator";
import { SPELLINGS, spellToken, type Escape, type Spelling } from "@/emulator/faults";
import { DEMO_PASSWORD, E2E_BASE_URL, E2E_DATA_DIR, E2E_UPSTREAM_TOKEN, storageStateFor } from "@/test/env";
import { chooseOption } from "@/e2e/fixtures";
import { leaksIn, NEEDLES, tokenLeaks } from "@/test/token-needles";
import { chooseLanguage, chooseTheme, signOut } from "@/e2e/user-menu";
import { startReceiver } from "@/test/alert-servers";
import { confirmImportStart, openImportDialog } from "@/e2e/imports";

// The upstream token never leaves the server. The e2e server runs with a distinctive token
// (E2E_UPSTREAM_TOKEN; `npm test` also builds with it set, see the test:build script), and this
// spec searches everything a browser could receive for it, its base64 forms and its bearer header:
// every static asset, the HTML and RSC payload of every page (not-found and failure states
// included), every route handler's body and headers (also while the upstream fails and echoes the
// token back), the answers of a tour through every page and main action, and the server's log.
// The upstream echoes the token as is, URL-encoded, in hex and base64, in JSON bodies written as
// they come and with the escapes real producers use (`\/`, `\u002B`, every character `\uXXXX`),
// and in each round also spelt the ways HTML encoders and gateways write it (character
// references, every byte percent-encoded, `+` as a space, line-wrapped base64, `\x` escapes),
// while the search reads all of these back too.

const T = E2E_UPSTREAM_TOKEN;
const b64 = (s: string) => Buffer.from(s).toString("base64");
const ORIGIN = { Origin: E2E_BASE_URL };
const STATIC_DIR = path.join(process.cwd(), ".next", "static");
const APP_DIR = path.join(process.cwd(), "app");

/** An upstream error body that repeats the token back: as is, after Bearer, URL-encoded, in hex and base64. */
const ECHO_ERROR = {
  status: "error",
  message: `Geçersiz anahtar: Bearer ${T} (${encodeURIComponent(T)})`,
  errors: { token: [T, encodeURIComponent(T), Buffer.from(T).toString("hex"), b64(T), b64(`Authorization: Bearer ${T}`)] },
};
const echoWarehouse = (id: number) => ({ id, name: `Sızdıran ${T}`, code: `ECHO${id}`, erpWarehouseId: b64(T), isDefault: 0, isActive: 1 });

/** How the emulator writes an echo's JSON: as JSON.stringify does, or every string with `\/`, `\u002B` or every character `\uXXXX`. */
const ESCAPES = [null, "slash", "plus", "unicode"] as const;
/** The token is also spelt these ways in each escape's rounds, so every spelling reaches every boundary without rounds of its own. */
const SPELT_WITH: Record<string, Spelling[]> = {
  none: ["raw", "html-every", "base64-wrapped"],
  slash: ["raw", "html-hex", "percent-every"],
  plus: ["raw", "html-decimal", "x-escape"],
  unicode: ["raw", "html-named", "plus-space"],
};
type EchoFault = { label: string; passesText: boolean; rules: FaultRule[] };

/**
 * Upstream failures (and well-formed answers) that carry the token back to the console. `orderId`
 * is the order the transfer under each fault sends, so that a per-order reason can echo it too.
 * `passesText`: the upstream's words go on (a 4xx message, a 200's data); the others are run
 * with the plain echo only, since their bodies are never passed on at all.
 */
const echoFaults = (orderId: string, escape: Escape | null = null): EchoFault[] => {
  const spell = SPELT_WITH[escape ?? "none"]!;
  return baseEchoFaults(orderId).map((f) => ({
    ...f,
    label: `${f.label}${escape ? `, written with ${escape} escapes` : ""}, the token also as ${spell.slice(1).join(" and ")}`,
    rules: f.rules.map((r) => ({ ...r, escape, spell })),
  }));
};

/** Every plain echo fault, then each that passes the upstream's words on under each escape. */
const echoRounds = (orderId: string): EchoFault[] =>
  ESCAPES.flatMap((escape) => echoFaults(orderId, escape).filter((f) => escape === null || f.passesText));

const baseEchoFaults = (orderId: string): EchoFault[] => [
  { label: "401 echoing the token", passesText: false, rules: [{ path: "/v1", kind: "respond", status: 401, body: ECHO_ERROR }] },
  { label: "422 echoing the token", passesText: true, rules: [{ path: "/v1", kind: "respond", status: 422, body: ECHO_ERROR }] },
  { label: "500 echoing the token", passesText: false, rules: [{ path: "/v1", kind: "respond", status: 500, body: ECHO_ERROR }] },
  { label: "404 echoing the token", passesText: true, rules: [{ path: "/v1", kind: "respond", status: 404, body: ECHO_ERROR }] },
  {
    label: "200 answers whose data holds the token",
    passesText: true,
    rules: [
      {
        method: "GET",
        path: "/v1/stores/",
        kind: "respond",
        status: 200,
        body: echoWarehouse(2),
      },
      {
        method: "GET",
        path: "/v1/stores",
        kind: "respond",
        status: 200,
        body: { items: [echoWarehouse(2)], totalItems: 1, totalPage: 1, currentPage: 1, limit: 25 },
      },
      {
        path: "/v1/action",
        kind: "respond",
        status: 200,
        body: { status: "success", message: `Bearer ${T}`, data: { transferred: [], not_transferred: [{ id: orderId, error: `token ${T}` }] } },
      },
      { path: "/v1", kind: "respond", status: 200, body: { status: "success", message: `tamam ${T}`, payload: { id: 2 } } },
    ],
  },
];

const leaks: string[] = [];
let scanned = 0;
/** Whether this worker ran a test that makes the upstream fail (so the log must show it). */
let upstreamFailed = false;
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

function scan(where: string, headers: Record<string, string>, body: Buffer | string) {
  scanned++;
  leaks.push(...leaksIn(where, headers, body));
}

async function scanResponse(where: string, res: APIResponse) {
  scan(`${where} -> ${res.status()}`, res.headers(), await res.body());
  return res;
}

function walk(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)],
  );
}

async function signedIn(playwright: { request: { newContext: (o: object) => Promise<APIRequestContext> } }, role: "admin" | null) {
  return playwright.request.newContext({
    baseURL: E2E_BASE_URL,
    storageState: role ? storageStateFor(role) : { cookies: [], origins: [] },
    extraHTTPHeaders: ORIGIN,
  });
}

test.setTimeout(120_000);

let runId: string;

test.beforeAll(async ({ playwright }) => {
  // A transfer run to open (its ids are unknown to the platform: nothing is transferred).
  const api = await signedIn(playwright, "admin");
  const res = await api.post("/api/erp/transfers", {
    headers: { "Idempotency-Key": crypto.randomUUID() },
    data: { orderIds: ["9999961", "9999962"] },
  });
  expect(res.status()).toBe(201);
  runId = (await res.json()).run.id;
  await api.dispose();
});

test.beforeEach(() => {
  leaks.length = 0;
  scanned = 0;
});

test.afterEach(async ({ playwright }) => {
  await emulator.clearFaults();
  // Answers faked under the faults may have reached the console's warehouse index (it keeps what
  // its own writes and refreshes saw): wait until a refresh has put the real data back, so later
  // specs search the truth.
  const api = await signedIn(playwright, "admin");
  await expect
    .poll(
      async () => {
        const res = await api.get("/api/warehouses?q=IST01&sort=name.asc");
        const body = (await res.json()) as { items?: { name: string }[]; totalAll?: number };
        return `${body.items?.[0]?.name} ${(body.totalAll ?? 0) >= 7}`;
      },
      { timeout: 20_000, intervals: [500] },
    )
    .toBe("İSTANBUL Şube true");
  await api.dispose();
});

test.afterAll(async () => {
  // The server's log (console and emulator), after everything above made it write.
  const file = path.join(process.cwd(), E2E_DATA_DIR, "server.log");
  const text = readFileSync(file, "latin1");
  expect(text, "not the console's log: nothing was searched").toContain("Next.js");
  if (upstreamFailed) expect(text, "the log holds the upstream failures this spec caused").toContain("upstream call failed");
  expect(leaksIn("server.log", {}, text)).toEqual([]);
});

test("the test build is made with the distinctive token set", () => {
  // Build-time inlining (e.g. an `env` entry in next.config) could only leak a token present when
  // building, so `npm test` builds with the same token the e2e server uses.
  const pkg = JSON.parse(readFileSync("package.json", "utf8")) as { scripts: Record<string, string> };
  expect(pkg.scripts["test:build"]).toContain(`LABS_API_TOKEN=${T}`);
  // `npm test` is scripts/test.ts, which runs test:build before the e2e suite.
  expect(pkg.scripts.test).toBe("tsx scripts/test.ts");
  expect(readFileSync("scripts/test.ts", "utf8")).toMatch(/STAGES = \[.*"test:build".*"test:e2e".*\];/);
  expect(NEEDLES.length).toBeGreaterThanOrEqual(6);
  // The escapes matter only for a token that has the characters producers escape.
  expect(T).toMatch(/\/.*\+|\+.*\//);
});

test("the search finds the token however the echo writes it", () => {
  const unicode = (s: string, upper: boolean) => [...s].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`).map((u) => (upper ? u.toUpperCase().replace("\\U", "\\u") : u)).join("");
  const written = [
    T.replaceAll("/", "&sol;").replaceAll("+", "&plus;"),
    [...T].map((c) => `&#${c.charCodeAt(0)};`).join(""),
    [...Buffer.from(T)].map((b) => `%${b.toString(16)}`).join(""),
    T.replaceAll("+", " "),
    T.replaceAll("/", "\\\\x2f").replaceAll("+", "\\\\x2B"),
    Buffer.from(`xx${T}`).toString("base64").replace(/.{10}/g, "$&\\r\\n"),
    T.replaceAll("/", "\\/"),
    T.replaceAll("+", "\\u002B"),
    unicode(T, false),
    unicode(T, true),
    JSON.stringify(JSON.stringify(T.replaceAll("/", "\\/"))),
    T.replaceAll("/", "&#x2F;").replaceAll("+", "&#43;"),
    encodeURIComponent(T).replace(/%[0-9A-F]{2}/g, (m) => m.toLowerCase()),
    Buffer.from(`x${T}`).toString("base64").replaceAll("/", "\\/"),
    Buffer.from(T).toString("hex").toUpperCase(),
  ];
  for (const text of written) expect(tokenLeaks(`{"m":"${text}"}`), text).not.toEqual([]);
  // What the emulator writes in each spelling, alone and as the spec's rounds combine them.
  for (const spelling of SPELLINGS) expect(tokenLeaks(JSON.stringify(spellToken(T, spelling))), spelling).not.toEqual([]);
  expect(Object.values(SPELT_WITH).flat().sort()).toEqual([...SPELLINGS, "raw", "raw", "raw"].sort());
  expect(tokenLeaks(String.raw`{"path":"\/v1\/stores","m":"\u0130stanbul R&amp;D %20 a+b \n"}`)).toEqual([]);
});

test("no static asset holds the token, and no source map is served", async ({ request }) => {
  const files = [...walk(STATIC_DIR), ...walk(path.join(process.cwd(), "public"))];
  expect(files.length).toBeGreaterThan(20);
  expect(files.filter((f) => f.endsWith(".map")).map((f) => path.relative(process.cwd(), f))).toEqual([]);
  for (const file of files) scan(path.relative(process.cwd(), file), {}, readFileSync(file));

  // What the server actually serves for each of them, and no map beside any script or style.
  for (const file of walk(STATIC_DIR)) {
    const url = `/_next/static/${path.relative(STATIC_DIR, file).split(path.sep).join("/")}`;
    const res = await scanResponse(url, await request.get(url));
    expect(res.status(), url).toBe(200);
    expect(res.headers()["sourcemap"] ?? res.headers()["x-sourcemap"]).toBeUndefined();
    if (/\.(js|css)$/.test(file)) {
      expect((await request.get(`${url}.map`)).status(), `${url}.map`).toBe(404);
      const text = readFileSync(file, "utf8");
      for (const m of text.matchAll(/sourceMappingURL=([^\s*'"]+)/g)) {
        const target = m[1]!.startsWith("data:") ? null : new URL(m[1]!, `${E2E_BASE_URL}${url}`).pathname;
        if (target) expect((await request.get(target)).status(), target).toBe(404);
      }
    }
  }
  expect(leaks).toEqual([]);
});

/**
 * Every page file with the addresses that render it. A new page (or not-found / error file) that
 * is not listed here fails the next test, so it cannot skip the search.
 */
const PAGES: Record<string, { urls: (ids: { runId: string }) => string[]; note?: string; status?: number }> = {
  "page.tsx": { urls: () => ["/"] },
  "not-found.tsx": { urls: () => ["/no-such-page", "/api-nope/x", "/api/nope"] },
  "error.tsx": {
    urls: () => ["/warehouses/%"],
    note: "a client error boundary: its code is in the static assets searched above; the address is a request Next itself cannot decode",
  },
  "(auth)/login/page.tsx": { urls: () => ["/login", "/login?callbackUrl=%2Ferp&error=sso_refused"] },
  "(dashboard)/activity/page.tsx": { urls: () => ["/activity", "/activity?outcome=failure&limit=100"] },
  "(dashboard)/erp/page.tsx": { urls: () => ["/erp", "/erp?status=with_failures&import=stock"] },
  "(dashboard)/erp/failures/page.tsx": { urls: () => ["/erp/failures", "/erp/failures?from=2026-01-01&to=2026-12-31"] },
  "(dashboard)/handover/page.tsx": { urls: () => ["/handover"] },
  "(dashboard)/erp/orders/[orderId]/page.tsx": { urls: () => ["/erp/orders/3572228", "/erp/orders/9999999"] },
  "(dashboard)/erp/schedules/page.tsx": { urls: () => ["/erp/schedules", "/erp/schedules?edit=new"] },
  "(dashboard)/alerts/page.tsx": { urls: () => ["/alerts", "/alerts?status=failed"] },
  "(dashboard)/erp/transfers/[runId]/page.tsx": { urls: ({ runId }) => [`/erp/transfers/${runId}`, `/erp/transfers/${runId}?outcome=not_transferred`] },
  "(dashboard)/reconciliations/page.tsx": { urls: () => ["/reconciliations", "/reconciliations?page=2&limit=25"] },
  "(dashboard)/reconciliations/[id]/page.tsx": { urls: () => [`/reconciliations/${NO_RUN}`, "/reconciliations/not-a-reconciliation"], status: 404 },
  "(dashboard)/erp/transfers/[runId]/not-found.tsx": { urls: () => [`/erp/transfers/${NO_RUN}`, "/erp/transfers/not-a-run"] },
  "(dashboard)/team/page.tsx": { urls: () => ["/team"] },
  "(dashboard)/team/keys/page.tsx": { urls: () => ["/team/keys"] },
  "(dashboard)/team/api/page.tsx": { urls: () => ["/team/api"] },
  "(dashboard)/warehouses/page.tsx": { urls: () => ["/warehouses", "/warehouses?q=istanbul&sort=name.desc&limit=10", "/warehouses?page=999"] },
  "(dashboard)/warehouses/error.tsx": { urls: () => [], note: "a client error boundary: its code is in the static assets searched above" },
  "(dashboard)/warehouses/new/page.tsx": { urls: () => ["/warehouses/new"] },
  "(dashboard)/warehouses/[id]/page.tsx": { urls: () => ["/warehouses/2", "/warehouses/1"] },
  "(dashboard)/warehouses/[id]/not-found.tsx": { urls: () => ["/warehouses/999999", "/warehouses/abc"] },
  "(dashboard)/warehouses/[id]/edit/page.tsx": { urls: () => ["/warehouses/2/edit"] },
};

test("every page, not-found and error file is in the page list", () => {
  const files = walk(APP_DIR)
    .map((f) => path.relative(APP_DIR, f).split(path.sep).join("/"))
    .filter((f) => !f.startsWith("api/") && /(^|\/)(page|not-found|error|global-error|loading|default)\.tsx$/.test(f));
  expect(files.filter((f) => !(f in PAGES))).toEqual([]);
});

async function scanPage(api: APIRequestContext, who: string, url: string) {
  const html = await scanResponse(`${who} HTML ${url}`, await api.get(url));
  expect(html.status(), `${who} ${url}`).toBeLessThan(500);
  // The RSC payload the client router fetches on navigation (Next redirects to add ?_rsc).
  await scanResponse(`${who} RSC ${url}`, await api.get(url, { headers: { RSC: "1" } }));
  return html;
}

test("no page's HTML or RSC payload holds the token, signed in or not", async ({ playwright }) => {
  const admin = await signedIn(playwright, "admin");
  const anonymous = await signedIn(playwright, null);
  for (const [file, { urls, status }] of Object.entries(PAGES)) {
    for (const url of urls({ runId })) {
      const res = await scanPage(admin, "admin", url);
      if (file.endsWith("not-found.tsx")) expect(res.status(), url).toBe(404);
      else if (file.endsWith("page.tsx")) expect(res.status(), url).toBe(status ?? 200);
      await scanPage(anonymous, "anonymous", url);
    }
  }
  await admin.dispose();
  await anonymous.dispose();
  expect(scanned).toBeGreaterThan(40);
  expect(leaks).toEqual([]);
});

test("no page holds the token while the upstream fails or echoes it back", async ({ playwright }) => {
  const admin = await signedIn(playwright, "admin");
  upstreamFailed = true;
  for (const { label, rules } of echoRounds("0")) {
    await emulator.clearFaults();
    for (const rule of rules) await emulator.addFault(rule);
    // The pages that show what the upstream answers now; /erp and /activity show what was kept (searched after the routes below).
    const escaped = rules.some((r) => r.escape);
    for (const url of ["/warehouses", "/warehouses?q=ist", "/warehouses/2", "/warehouses/2/edit", ...(escaped ? [] : ["/erp", "/activity"])]) {
      await scanPage(admin, `admin, upstream ${label}`, url);
    }
  }
  await admin.dispose();
  expect(leaks).toEqual([]);
});

test("no route handler's answer holds the token, for any caller", async ({ playwright }) => {
  const admin = await signedIn(playwright, "admin");
  const anonymous = await signedIn(playwright, null);
  for (const route of ROUTES) {
    for (const [who, api] of [
      ["admin", admin],
      ["anonymous", anonymous],
    ] as const) {
      await scanResponse(`${who} ${route.method} ${route.url}`, await api.fetch(route.url, { method: route.method, data: route.body }));
    }
  }
  // Auth.js's own endpoints, which the login page and the session use.
  for (const url of ["/api/auth/session", "/api/auth/csrf", "/api/auth/providers"]) {
    await scanResponse(`admin GET ${url}`, await admin.get(url));
    await scanResponse(`anonymous GET ${url}`, await anonymous.get(url));
  }
  await admin.dispose();
  await anonymous.dispose();
  expect(leaks).toEqual([]);
});

test("no route handler's answer, stored text, export or alert holds the token while the upstream fails or echoes it back", async ({ playwright }) => {
  const admin = await signedIn(playwright, "admin");
  const tag = Date.now().toString(36).toUpperCase();
  const count = echoRounds("0").length;
  upstreamFailed = true;
  const orders = await emulatorOrders.seed(count);
  const runs: string[] = [];
  // An alert receiver: an import the upstream refuses is sent out with the upstream's words.
  const receiver = await startReceiver("token-confinement-signing");
  const channel = await admin.post("/api/alerts/channels", {
    data: { name: `Token search ${tag}`, kind: "webhook", enabled: true, events: ["import.not_started"], url: `${receiver.url}/hooks`, signingSecret: "token-confinement-signing" },
  });
  expect(channel.status(), await channel.text()).toBe(201);
  const channelId = ((await channel.json()) as { channel: { id: string } }).channel.id;
  let refusedImports = 0;
  for (let i = 0; i < count; i++) {
    const { label, rules } = echoRounds(orders[i]!)[i]!;
    await emulator.clearFaults();
    for (const rule of rules) await emulator.addFault(rule);
    const who = `admin, upstream ${label}:`;
    const calls: [string, string, unknown?, Record<string, string>?][] = [
      ["GET", "/api/health"],
      ["GET", "/api/warehouses?page=1&limit=25"],
      ["GET", `/api/warehouses?q=${tag}`],
      ["GET", "/api/warehouses/2"],
      ["GET", `/api/warehouses/code-check?code=${tag}`],
      ["GET", `/api/warehouses/export?q=${tag}`],
      ["POST", "/api/warehouses", { name: `Echo ${tag} ${i}`, code: `ECHO-${tag}-${i}` }],
      ["PUT", "/api/warehouses/2", { erpWarehouseId: "101" }],
      ["DELETE", "/api/warehouses/999999"],
      ["POST", "/api/warehouses/bulk", { ids: [999999], isActive: true }],
      ["POST", "/api/erp/imports", { kind: "stock", confirmRepeat: true }],
      ["POST", "/api/erp/transfers", { orderIds: [orders[i]!] }, { "Idempotency-Key": crypto.randomUUID() }],
    ];
    for (const [method, url, data, headers] of calls) {
      const res = await scanResponse(`${who} ${method} ${url}`, await admin.fetch(url, { method, data, headers }));
      if (url === "/api/erp/transfers") runs.push((await res.json()).run.id);
      if (url === "/api/erp/imports" && !res.ok()) refusedImports++;
    }
  }
  await emulator.clearFaults();
  // What went out to the receiver, and the delivery log that every member reads.
  expect(refusedImports).toBeGreaterThan(count / 2);
  await expect.poll(() => receiver.received.length, { timeout: 30_000 }).toBe(refusedImports);
  for (const [n, r] of receiver.received.entries()) scan(`alert ${n + 1} to the receiver`, r.headers as Record<string, string>, r.body);
  await scanResponse("alert deliveries", await admin.get(`/api/alerts/deliveries?channel=${channelId}`));
  await scanPage(admin, "admin", `/alerts?channel=${channelId}`);
  await admin.delete(`/api/alerts/channels/${channelId}`);
  await receiver.close();
  // What was recorded from those answers: run outcomes and reasons, import messages, the audit trail.
  for (const id of runs) {
    await expect.poll(async () => (await (await admin.get(`/api/erp/transfers/${id}`)).json()).run.state, { timeout: 20_000 }).toBe("completed");
    await scanResponse(`run ${id}`, await admin.get(`/api/erp/transfers/${id}?limit=100`));
    await scanResponse(`run ${id} CSV`, await admin.get(`/api/erp/transfers/${id}/export`));
    await scanPage(admin, "admin", `/erp/transfers/${id}`);
  }
  await scanResponse("imports", await admin.get("/api/erp/imports?limit=100"));
  await scanResponse("activity", await admin.get("/api/activity?limit=100"));
  await scanResponse("activity CSV", await admin.get("/api/activity/export"));
  await scanPage(admin, "admin", "/activity?limit=100");
  await scanPage(admin, "admin", "/erp?import=stock");
  await admin.dispose();
  expect(leaks).toEqual([]);
});

test("a tour through every page and main action as admin receives nothing holding the token", async ({ browser }) => {
  test.setTimeout(180_000);
  const context = await browser.newContext({ baseURL: E2E_BASE_URL, storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  const recorded: Promise<void>[] = [];
  let responses = 0;
  page.on("response", (res) => {
    responses++;
    recorded.push(
      (async () => {
        const headers = await res.allHeaders().catch(() => res.headers());
        // Redirects and aborted loads have no body (and a body cut off by a navigation may never
        // resolve: give up on it after a while).
        const body = await Promise.race([res.body().catch(() => Buffer.alloc(0)), sleep(10_000).then(() => Buffer.alloc(0))]);
        scan(`tour ${res.request().method()} ${res.url()} -> ${res.status()}`, headers, body);
      })(),
    );
  });
  const domLeaks = async (where: string) => scan(`tour DOM ${where}`, {}, await page.content());

  const tag = Date.now().toString(36).toUpperCase();
  const name = `E2E Tour ${tag}`;
  const code = `TOUR-${tag}`;
  const [orderA, orderB] = await emulatorOrders.seed(2);

  // Sign in through the form.
  await page.goto("/warehouses");
  await expect(page).toHaveURL(/\/login/);
  await page.getByLabel("Email").fill("admin@demo.local");
  await page.getByLabel("Password").fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/warehouses$/);

  // List: search, sort, page size, filter.
  await page.getByRole("searchbox", { name: "Search" }).fill("istanbul");
  await expect(page).toHaveURL(/q=istanbul/);
  await expect(page.getByTestId("warehouse-row")).toHaveCount(1);
  await page.goto("/warehouses?sort=name.desc&limit=10&status=active");
  await expect(page.getByTestId("warehouse-table")).toHaveAttribute("aria-busy", "false");
  await domLeaks("list");

  // Create, view, edit, delete a warehouse.
  await page.getByRole("link", { name: "New warehouse" }).click();
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Code").fill(code);
  await page.getByLabel("ERP warehouse ID").fill("0777");
  await expect(page.getByTestId("code-check")).toHaveText("No other warehouse uses this code.");
  await page.getByRole("button", { name: "Create warehouse" }).click();
  await expect(page).toHaveURL(/\/warehouses\/\d+$/);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await domLeaks("detail");
  await page.getByRole("link", { name: "Edit" }).click();
  await page.getByLabel("Name").fill(`${name} Edited`);
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `${name} Edited` })).toBeVisible();
  await page.getByRole("button", { name: "Deactivate" }).click();
  await page.getByTestId("deactivate-dialog").getByRole("button", { name: "Deactivate" }).click();
  await expect(page.getByTestId("status-badge")).toHaveText("Passive");
  await page.getByRole("button", { name: "Delete" }).click();
  const dialog = page.getByRole("dialog", { name: `Delete ${name} Edited?` });
  await dialog.getByLabel(`Type the code ${code} to confirm`).fill(code);
  await dialog.getByRole("button", { name: "Delete warehouse" }).click();
  await expect(page).toHaveURL(/\/warehouses$/);

  // ERP: a transfer run and an import.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "ERP actions" }).click();
  await expect(page).toHaveURL(/\/erp$/);
  await page.getByLabel("Order ids", { exact: true }).fill(`${orderA}\n${orderB}`);
  await page.getByRole("button", { name: "Check ids" }).click();
  await expect(page.getByTestId("transfer-preview")).toBeVisible();
  await page.getByTestId("transfer-send").click();
  await expect(page).toHaveURL(/\/erp\/transfers\/[0-9a-f-]{36}/);
  await expect(page.getByTestId("run-view")).toHaveAttribute("data-state", /completed|interrupted/, { timeout: 30_000 });
  await domLeaks("run");
  await page.goto("/erp");
  const card = page.getByTestId("import-card-prices");
  const importDialog = page.getByTestId("import-dialog-prices");
  await openImportDialog(card.getByRole("button", { name: "Start price import" }), importDialog);
  await confirmImportStart(importDialog);
  await expect(importDialog).toBeHidden();
  await expect(card.getByTestId("import-status")).toContainText("The platform said");

  // Activity: filter, open an event, export.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Activity" }).click();
  const search = page.getByRole("search", { name: "Filter the activity" });
  await chooseOption(search.getByLabel("Action", { exact: true }), "Warehouse created");
  await expect(page).toHaveURL(/action=warehouse\.create/);
  await page.getByTestId("activity-row").first().getByRole("button", { name: /^Show/ }).click();
  await expect(page.getByTestId("activity-detail").first()).toBeVisible();
  await domLeaks("activity");
  const csv = await page.request.get("/api/activity/export");
  scan("tour activity CSV", csv.headers(), await csv.body());

  // Team, language and theme, then sign out.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Team" }).click();
  await expect(page.getByTestId("team-table")).toBeVisible();
  await chooseLanguage(page, "Türkçe");
  await chooseLanguage(page, "English");
  await chooseTheme(page, "Dark");
  await page.goto("/warehouses/2");
  await domLeaks("warehouse 2");
  const cookies = await context.cookies();
  scan("tour cookies", {}, JSON.stringify(cookies));
  scan("tour storage", {}, JSON.stringify(await page.evaluate(() => ({ ...localStorage, ...sessionStorage }))));
  await Promise.all(recorded);
  await signOut(page);
  await expect(page).toHaveURL(/\/login/);

  await Promise.all(recorded);
  expect(responses).toBeGreaterThan(50);
  await context.close();
  expect(leaks).toEqual([]);
});
