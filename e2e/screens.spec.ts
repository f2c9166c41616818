import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { COLOUR_RULES, expectAccessible } from "@/e2e/a11y";
import { emulatorOrders } from "@/test/emulator";
import { E2E_BASE_URL, E2E_EMULATOR_URL, storageStateFor } from "@/test/env";
import { LOCALE_COOKIE, LOCALES } from "@/lib/i18n/config";
import { readdirSync, readFileSync } from "node:fs";

// Every page at phone and desktop size, light and dark, English and Turkish: a screenshot of each (an artefact to
// look at, not a golden image) and, in one page.evaluate per language and size, the layout: no sideways scrolling of
// the page, the main content on screen, and at phone size every tap target at least 44x44 px (inline links in text
// excepted, WCAG 2.5.8), no text cut off or scrolled out of its box, and "Sort by" wherever a list sorts by headers.
// Accessibility (axe) runs once per size and theme (in dark, the colour rules only), in English: the catalogs hold the same keys (messages.test.ts)
// and the markup does not change with the language. The desktop, English, light state of a page named in `a11yAt`
// is left to the spec that already checks it (the same caller, the page as loaded).

const SIZES = [
  { name: "phone", width: 375, height: 812 },
  { name: "desktop", width: 1440, height: 900 },
] as const;
const SCHEMES = ["light", "dark"] as const;

interface Fixtures {
  warehouseId: number;
  runId: string;
  orderId: string;
}

interface Screen {
  name: string;
  url: (f: Fixtures) => string;
  /** What shows once the page is there (besides <main>). */
  ready: (page: Page) => ReturnType<Page["getByTestId"]>;
  signedOut?: boolean;
  /** More to check at phone size. */
  onPhone?: (page: Page, combo: string) => Promise<void>;
  /** The test that checks accessibility of this page as loaded, at desktop size in English and light: not repeated here. */
  a11yAt?: string;
  /** The page documents the API: its paths and codes are what the reader looks for. */
  showsCodes?: boolean;
  /** The page holds a list sorted by its column headers (so a phone gets "Sort by"). */
  sorted?: boolean;
}

const byTestId = (id: string) => (page: Page) => page.getByTestId(id);

const SCREENS: Screen[] = [
  { name: "home", url: () => "/", ready: byTestId("home-page"), a11yAt: "shell.spec.ts: starts against the emulator and renders its shell" },
  {
    name: "warehouses",
    url: () => "/warehouses",
    ready: (page) => page.getByTestId("warehouse-row").first(),
    sorted: true,
    a11yAt: "warehouses.spec.ts: finds a warehouse by searching with Turkish letters, and says when nothing matches",
  },
  { name: "warehouse", url: (f) => `/warehouses/${f.warehouseId}`, ready: byTestId("warehouse-detail") },
  { name: "warehouse-new", url: () => "/warehouses/new", ready: byTestId("warehouse-create") },
  { name: "warehouse-edit", url: (f) => `/warehouses/${f.warehouseId}/edit`, ready: byTestId("warehouse-edit") },
  { name: "erp", url: () => "/erp", ready: byTestId("import-card-stock") },
  {
    name: "run",
    url: (f) => `/erp/transfers/${f.runId}`,
    ready: (page) => page.locator('[data-outcome="not_transferred"] [data-testid="run-order-reason"]').first(),
    // Someone opening a failed run on a phone reads why each order failed: every reason is on screen, whole.
    onPhone: async (page, combo) => {
      const reasons = page.locator('[data-testid="run-order-row"][data-outcome="not_transferred"] [data-testid="run-order-reason"]');
      await expect(reasons).toHaveCount(2);
      for (const reason of await reasons.all()) {
        await expect(reason).not.toBeEmpty();
        const box = await reason.evaluate((el) => {
          const r = el.getBoundingClientRect();
          return { left: r.left, right: r.right };
        });
        expect(box.left, `${combo}: a reason starts off screen`).toBeGreaterThanOrEqual(0);
        expect(box.right, `${combo}: a reason runs off screen`).toBeLessThanOrEqual(375);
      }
    },
  },
  { name: "failures", url: () => "/erp/failures", ready: byTestId("failures-total") },
  { name: "order", url: (f) => `/erp/orders/${f.orderId}`, ready: byTestId("order-story") },
  { name: "schedules", url: () => "/erp/schedules", ready: byTestId("schedules-page") },
  { name: "handover", url: () => "/handover", ready: byTestId("handover-writer") },
  { name: "keys", url: () => "/team/keys", ready: byTestId("keys-page") },
  { name: "api-reference", url: () => "/team/api", ready: byTestId("api-reference-page"), showsCodes: true },
  { name: "activity", url: () => "/activity", ready: byTestId("activity-total") },
  { name: "team", url: () => "/team", ready: byTestId("team-table"), a11yAt: "team.spec.ts: adds a member, changes its role, refuses a duplicate email and deactivates with confirmation" },
  { name: "alerts", url: () => "/alerts", ready: byTestId("alerts-page") },
  {
    name: "login",
    url: () => "/login",
    ready: (page) => page.getByRole("heading", { level: 1 }),
    signedOut: true,
    a11yAt: "auth.spec.ts: <role> signs in and out (the sign-in page a signed-out visitor is sent to)",
  },
  { name: "not-found", url: () => "/no-such-page", ready: (page) => page.getByRole("heading", { level: 1 }) },
];

/** Every catalog key as "a.b.c": one read on a page is a message the page forgot to look up. */
const CATALOG_KEYS = (() => {
  const keys = new Set<string>();
  const walkKeys = (node: unknown, at: string) => {
    if (typeof node === "string") keys.add(at);
    else if (node && typeof node === "object") for (const [k, v] of Object.entries(node)) walkKeys(v, at ? `${at}.${k}` : k);
  };
  const dir = "lib/i18n/messages/en";
  for (const file of readdirSync(dir)) walkKeys(JSON.parse(readFileSync(`${dir}/${file}`, "utf8")), "");
  return keys;
})();

/** What a person reads on the page that is not words: a message template, a catalog key or a snake_case code. */
function rawTexts(text: string): string[] {
  const templates = text.match(/\{[A-Za-z_]+(?:[},]|, ?(?:select|plural|number|date))[^\n]{0,30}/g) ?? [];
  const keys = (text.match(/\b[A-Za-z]+(?:\.[A-Za-z0-9_]+)+\b/g) ?? []).filter((w) => CATALOG_KEYS.has(w));
  const codes = text.match(/\b[a-z]+_[a-z_]+\b/g) ?? [];
  return [...templates, ...keys, ...codes];
}

let fixtures: Fixtures;
let cleanup: (() => Promise<void>) | null = null;

test.beforeAll(async ({ playwright }) => {
  const admin = await playwright.request.newContext({ baseURL: E2E_BASE_URL, storageState: storageStateFor("admin"), extraHTTPHeaders: { Origin: E2E_BASE_URL } });
  const stamp = Date.now();
  const created = await admin.post("/api/warehouses", { data: { name: `Ekran Deposu ${stamp}`, code: `SCR-${stamp}` } });
  expect(created.status(), await created.text()).toBe(201);
  const warehouseId = (await created.json()).warehouse.id as number;
  // Rows in the schedules and alert tables (a paused schedule starts nothing; the channel gets the run's alert, which
  // the emulator refuses: a failed delivery).
  const schedule = await admin.post("/api/erp/schedules", {
    data: { kind: "prices", name: `Ekran ${stamp}`, rule: { type: "weekly", days: [1, 4], times: ["03:30", "15:30"] }, timeZone: "Europe/Istanbul" },
  });
  expect(schedule.status(), await schedule.text()).toBe(201);
  const scheduleId = (await schedule.json()).schedule.id as string;
  expect((await admin.post(`/api/erp/schedules/${scheduleId}/pause`)).status()).toBeLessThan(300);
  const channel = await admin.post("/api/alerts/channels", {
    data: { name: `Ekran kanalı ${stamp}`, kind: "webhook", enabled: true, events: ["transfer.attention"], url: `${E2E_EMULATOR_URL}/screens-hook`, signingSecret: "screens-signing-secret-0123456789" },
  });
  expect(channel.status(), await channel.text()).toBe(201);
  const channelId = (await channel.json()).channel.id as string;
  cleanup = async () => {
    await admin.delete(`/api/erp/schedules/${scheduleId}`);
    await admin.delete(`/api/alerts/channels/${channelId}`);
    await admin.dispose();
  };
  // A run with failures: one order the platform knows, two it does not.
  const [known] = await emulatorOrders.pending(1);
  const orderIds = [known!, `8${String(stamp).slice(-9)}1`, `8${String(stamp).slice(-9)}2`];
  const run = await admin.post("/api/erp/transfers", { headers: { "Idempotency-Key": crypto.randomUUID() }, data: { orderIds } });
  expect(run.status(), await run.text()).toBeLessThan(300);
  const runId = (await run.json()).run.id as string;
  await expect
    .poll(async () => ((await (await admin.get(`/api/erp/transfers/${runId}`)).json()) as { run: { state: string } }).run.state, { timeout: 30_000 })
    .toBe("completed");
  fixtures = { warehouseId, runId, orderId: orderIds[1]! };
});

test.afterAll(async () => {
  await cleanup?.();
});

/** Waits for the page's data: no loading skeleton left. */
async function settled(page: Page, screen: Screen) {
  await expect(page.locator("main")).toBeVisible();
  await expect(screen.ready(page)).toBeVisible({ timeout: 15_000 });
  await expect(page.locator('[data-testid$="-loading"], .animate-pulse')).toHaveCount(0, { timeout: 15_000 });
}

interface Layout {
  scrollsSideways: number;
  contentTop: number;
  smallTargets: string[];
  clipped: string[];
  sortedLists: number;
  sortByShown: number;
  headerSortButtonsShown: number;
}

/** Measured in the browser in one go; `phone` adds the checks that only a phone needs. */
function measureLayout(phone: boolean): Layout {
  const visible = (el: Element) => {
    const r = el.getBoundingClientRect();
    // A closed <details> keeps a box for its content, unseen: only its summary counts.
    const unseen = el.closest("details:not([open])") && !el.closest("summary");
    return !unseen && el.getClientRects().length > 0 && r.width > 1 && r.height > 1 && getComputedStyle(el).visibility !== "hidden";
  };
  const describe = (el: Element, extra: string) => `${el.tagName.toLowerCase()} "${(el.textContent || el.getAttribute("aria-label") || "").trim().slice(0, 40)}" ${extra}`;
  const all = (selector: string) => [...document.querySelectorAll<HTMLElement>(selector)].filter(visible);
  const targets = "button, select, summary, [role=button], [role=combobox], a[class*='inline-flex'], input:not([type=checkbox], [type=radio], [type=hidden]), label:has(> input:is([type=checkbox], [type=radio]))";
  const smallTargets = phone
    ? all(`body :is(${targets})`)
        .map((el) => [el, el.getBoundingClientRect()] as const)
        .filter(([, r]) => r.width < 43.5 || r.height < 43.5)
        .map(([el, r]) => describe(el, `${Math.round(r.width)}x${Math.round(r.height)}px`))
    : [];
  // Text cut off in its box (ellipsis, a clip) or moved out of sight in a box that scrolls sideways; sr-only text is 1 px and skipped.
  const clipped = phone
    ? all("body *")
        .filter((el) => getComputedStyle(el).overflowX !== "visible" && el.scrollWidth > el.clientWidth + 1 && el.tagName !== "SELECT")
        .map((el) => describe(el, `${el.scrollWidth}>${el.clientWidth}px`))
    : [];
  const sortedLists = document.querySelectorAll("main table:has(th[aria-sort])").length;
  return {
    scrollsSideways: Math.max(0, document.documentElement.scrollWidth - window.innerWidth),
    contentTop: document.querySelector("main")!.getBoundingClientRect().top + window.scrollY,
    smallTargets,
    clipped,
    sortedLists,
    sortByShown: all('main [data-testid="sort-by"]').length,
    headerSortButtonsShown: all("main th[aria-sort] button").length,
  };
}

/**
 * The eight combinations in one page: a load per language (the cookie is read on the server); size and theme change
 * in place (the layout is CSS, and the theme follows the system's until the member picks one).
 */
async function walk(page: Page, screen: Screen, testInfo: TestInfo) {
  const url = screen.url(fixtures);
  for (const locale of LOCALES) {
    await page.context().addCookies([{ name: LOCALE_COOKIE, value: locale, url: E2E_BASE_URL }]);
    await page.setViewportSize(SIZES[0]);
    await page.emulateMedia({ colorScheme: SCHEMES[0] });
    await page.goto(url);
    await settled(page, screen);
    await expect(page.locator("html")).toHaveAttribute("lang", locale);
    for (const size of SIZES) {
      await page.setViewportSize({ width: size.width, height: size.height });
      const phone = size.name === "phone";
      await test.step(`${size.name} ${locale} layout`, async () => {
        await expect(screen.ready(page)).toBeVisible();
        const layout = await page.evaluate(measureLayout, phone);
        if (!screen.showsCodes) expect(rawTexts(await page.locator("body").innerText()), `${size.name} ${locale}: raw text where a person reads`).toEqual([]);
        // The page's own content starts in the upper part of the first screen, not under a tall header.
        expect(layout.contentTop, `${size.name} ${locale}: the content starts too far down`).toBeLessThan(size.height * 0.4);
        if (screen.sorted) expect(layout.sortedLists, "a sorted list").toBeGreaterThan(0);
        const lists = layout.sortedLists;
        expect({ ...layout, contentTop: 0 }, `${size.name} ${locale}`).toEqual({
          scrollsSideways: 0,
          contentTop: 0,
          smallTargets: [],
          clipped: [],
          sortedLists: lists,
          sortByShown: phone ? lists : 0,
          headerSortButtonsShown: phone ? 0 : layout.headerSortButtonsShown,
        });
        if (!phone && lists > 0) expect(layout.headerSortButtonsShown, "sort buttons in the headers").toBeGreaterThan(0);
        if (phone) await screen.onPhone?.(page, `${size.name} ${locale}`);
      });
      for (const scheme of SCHEMES) {
        const combo = `${size.name} ${locale} ${scheme}`;
        await test.step(combo, async () => {
          await page.emulateMedia({ colorScheme: scheme });
          if (scheme === "dark") await expect(page.locator("html")).toHaveClass(/dark/);
          else await expect(page.locator("html")).not.toHaveClass(/dark/);
          // The pictures are for a person to look at; CI keeps none, so it takes none.
          if (!process.env.CI) await page.screenshot({ path: testInfo.outputPath(`${screen.name}-${size.name}-${locale}-${scheme}.png`), fullPage: true });
          // Dark changes colours only (the same markup, already checked in light): its contrast is what is left to check.
          if (locale === "en" && !(screen.a11yAt && size.name === "desktop" && scheme === "light")) await expectAccessible(page, scheme === "dark" ? COLOUR_RULES : undefined);
        });
      }
      await page.emulateMedia({ colorScheme: SCHEMES[0] });
    }
  }
}

test.describe("every page, both sizes, both themes, both languages", () => {
  for (const screen of SCREENS) {
    test.describe(screen.name, () => {
      if (screen.signedOut) test.use({ storageState: { cookies: [], origins: [] } });
      test(`${screen.name} at phone and desktop size`, async ({ page }, testInfo) => {
        test.setTimeout(60_000);
        await walk(page, screen, testInfo);
      });
    });
  }
});

test.describe("a viewer on a phone", () => {
  test.use({ storageState: storageStateFor("viewer"), viewport: { width: 375, height: 812 } });

  test("opens a failed run from a link and reads why each order failed", async ({ page }) => {
    const run = SCREENS.find((s) => s.name === "run")!;
    await page.goto(run.url(fixtures));
    await expect(run.ready(page)).toBeVisible();
    await run.onPhone!(page, "viewer on a phone");
    await expectAccessible(page);
  });
});
