import { expect, test, type APIRequestContext } from "@playwright/test";
import { E2E_BASE_URL, storageStateFor } from "@/test/env";

// /api/v1 as an integrator meets it, with a key against the built app: a schedule read and sent back is taken
// unchanged, one field changed changes that field only, numbers are numbers, a wrong zone is named, the queue
// names ids given twice, and a refused key is titled as one.

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const API = `${E2E_BASE_URL}/api/v1`;
let admin: APIRequestContext;
let keyId: string;
let secret: string;

const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
  const res = await fetch(`${API}${path}`, {
    method,
    headers: { Authorization: `Bearer ${secret}`, ...(body === undefined ? {} : { "Content-Type": "application/json" }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, type: res.headers.get("content-type") ?? "", body: (await res.json()) as Json };
};

test.beforeAll(async ({ playwright }) => {
  admin = await playwright.request.newContext({ baseURL: E2E_BASE_URL, storageState: storageStateFor("admin"), extraHTTPHeaders: { Origin: E2E_BASE_URL } });
  const expiresOn = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
  const res = await admin.post("/api/keys", { data: { name: `Integrator ${Date.now()}`, role: "operator", expiresOn } });
  expect(res.status(), await res.text()).toBe(201);
  ({ secret, key: { id: keyId } } = await res.json());
});

test.afterAll(async () => {
  await admin.delete(`/api/keys/${keyId}`);
  await admin.dispose();
});

test("a schedule read and written back is taken unchanged; one field changed changes only that field; PATCH changes what it is given", async () => {
  const created = await call("POST", "/schedules", { kind: "stock", name: `Integrator ${Date.now()}`, rule: { type: "every", minutes: 15 }, paused: true });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const id = created.body.schedule.id as string;
  try {
    const read = (await call("GET", "/schedules?limit=100")).body.items.find((s: Json) => s.id === id) as Json;
    expect(read).toMatchObject({ rule: { type: "every", minutes: 15 }, activeFrom: null, activeTo: null, maxOrders: null, paused: true, nextStartAt: null });
    expect(typeof read.rule.minutes).toBe("number");
    expect(read).not.toHaveProperty("quiet");

    const same = await call("PUT", `/schedules/${id}`, read);
    expect(same.status, JSON.stringify(same.body)).toBe(200);
    expect(same.body.schedule).toEqual(read);

    const changed = await call("PUT", `/schedules/${id}`, { ...read, activeFrom: "07:00", activeTo: "23:00" });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect({ ...changed.body.schedule, updatedAt: read.updatedAt }).toEqual({ ...read, activeFrom: "07:00", activeTo: "23:00" });

    const patched = await call("PATCH", `/schedules/${id}`, { rule: { type: "daily", times: ["18:00", "06:30"] } });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(patched.body.schedule).toMatchObject({ rule: { type: "daily", times: ["06:30", "18:00"] }, activeFrom: "07:00", activeTo: "23:00", paused: true, name: read.name });
  } finally {
    expect((await call("DELETE", `/schedules/${id}`)).status).toBe(200);
  }
});

test("numbers as text and a wrong zone are refused on their fields, and nothing is made", async () => {
  const before = (await call("GET", "/schedules?limit=100")).body.total as number;
  expect(before).toEqual(expect.any(Number));
  const refused = await call("POST", "/schedules", { kind: "stock", rule: { type: "every", minutes: "15" }, timeZone: "Europe/Istanbull", paused: true });
  expect(refused.status).toBe(422);
  expect(refused.type).toContain("application/problem+json");
  expect(Object.keys(refused.body.errors).sort()).toEqual(["rule.minutes", "timeZone"]);
  expect(refused.body.errors.timeZone[0]).toContain("time zone");
  expect((await call("GET", "/schedules?limit=100")).body.total).toBe(before);
});

test("the queue names ids given twice in one request; an empty Idempotency-Key is a 400 naming the header", async () => {
  const base = 7_100_000_000 + (Date.now() % 100_000_000);
  const ids = [String(base), String(base + 1)];
  const queued = await call("POST", "/order-queue", { orderIds: [ids[0], ids[1], ids[0], ` ${ids[1]}`] });
  try {
    expect(queued.status, JSON.stringify(queued.body)).toBe(200);
    expect(queued.body).toMatchObject({ queued: ids, duplicates: ids });
  } finally {
    await call("DELETE", "/order-queue", { orderIds: ids });
  }
  const empty = await call("POST", "/order-queue/send", undefined, { "Idempotency-Key": "" });
  expect(empty.status).toBe(400);
  expect(empty.type).toContain("application/problem+json");
  expect(Object.keys(empty.body.errors)).toEqual(["Idempotency-Key"]);
});

test("a refused key is titled as a key refusal, never as a sign-in", async () => {
  for (const [headers, title] of [
    [{ Authorization: "Bearer labsc_not-a-real-key-000000000000" }, "Invalid API key"],
    [{}, "API key required"],
  ] as const) {
    const res = await fetch(`${API}/schedules`, { headers });
    expect(res.status).toBe(401);
    expect(res.headers.get("content-type")).toContain("application/problem+json");
    expect(await res.json()).toMatchObject({ status: 401, title });
  }
});
