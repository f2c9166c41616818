import path from "node:path";
import { NextRequest } from "next/server";
import { ensureDemoMembers } from "@/lib/auth/members";
import type { Store } from "@/lib/store/open";
import { openTestStore } from "@/test/store";
import { startLiveEmulator, type LiveEmulator } from "@/test/live-emulator";
import { exportedMethods, routeFiles } from "@/test/access-routes";
import type { RawRequest } from "@/test/bad-input-arbitraries";
import { insertTestKey, IN_PROCESS_API_KEY } from "@/test/api-keys";

// Tests stub only the session (vi.mock of "@/lib/auth/session"); without Next's request scope, next-intl calls fail as a 5xx.

export const ORIGIN = "http://console.test";

export type { RawRequest };

export interface Answer {
  status: number;
  contentType: string;
  body: string;
  routedTo: string;
}

export interface InProcessConsole {
  emulator: LiveEmulator;
  store: Store;
  adminId: number;
  send: (r: RawRequest) => Promise<Answer>;
  close: () => Promise<void>;
}

type Handler = (req: NextRequest, segment: { params: Promise<Record<string, string>> }) => Promise<Response>;

interface Route {
  file: string;
  segments: string[];
  load: () => Promise<Record<string, unknown>>;
}

function routes(): Route[] {
  return routeFiles()
    .filter((f) => !f.includes("[..."))
    .map((file) => ({ file, segments: file.split("/").slice(0, -1), load: () => import(path.join(process.cwd(), "app", "api", file)) }));
}

function match(table: Route[], parts: string[]): { route: Route; params: Record<string, string> } | null {
  const candidates = table
    .filter((r) => r.segments.length === parts.length && r.segments.every((s, i) => s.startsWith("[") || s === parts[i]))
    .sort((a, b) => b.segments.filter((s) => !s.startsWith("[")).length - a.segments.filter((s) => !s.startsWith("[")).length);
  const route = candidates[0];
  if (!route) return null;
  const params: Record<string, string> = {};
  route.segments.forEach((s, i) => {
    if (!s.startsWith("[")) return;
    const raw = parts[i]!;
    let value = raw;
    try {
      value = decodeURIComponent(raw);
    } catch {
      // Next passes a segment it cannot decode as it is; the handler must refuse it either way.
    }
    params[s.slice(1, -1)] = value;
  });
  return { route, params };
}

const table = routes();
const modules = new Map<string, Record<string, unknown>>();

async function findHandler(method: string, url: URL): Promise<{ handler: Handler; params: Record<string, string>; file: string } | { refusal: Answer }> {
  const found = url.pathname.startsWith("/api/") ? match(table, url.pathname.split("/").slice(2)) : null;
  if (!found) return { refusal: { status: 404, contentType: "", body: "", routedTo: "no route" } };
  let mod = modules.get(found.route.file);
  if (!mod) {
    mod = await found.route.load();
    modules.set(found.route.file, mod);
  }
  const handler = mod[method] as Handler | undefined;
  if (typeof handler !== "function") return { refusal: { status: 405, contentType: "", body: "", routedTo: `${found.route.file} (no ${method})` } };
  return { handler, params: found.params, file: found.route.file };
}

export async function callRoute(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Response> {
  const url = new URL(path, ORIGIN);
  const found = await findHandler(method, url);
  if ("refusal" in found) throw new Error(`${method} ${path}: ${found.refusal.routedTo}`);
  const req = new NextRequest(url, {
    method,
    headers: { host: url.host, origin: ORIGIN, ...(body === undefined ? {} : { "content-type": "application/json" }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return found.handler(req, { params: Promise.resolve(found.params) });
}

export async function startInProcessConsole(name: string, opts: { timeoutMs?: number } = {}): Promise<InProcessConsole> {
  const token = `in-process-${name}-token`;
  const emulator = await startLiveEmulator(token, name);
  Object.assign(process.env, {
    LABS_API_URL: emulator.url,
    LABS_API_TOKEN: token,
    LABS_API_TIMEOUT_MS: String(opts.timeoutMs ?? 4000),
    AUTH_SECRET: "in-process-test-secret-0123456789abcdef",
  });
  const store = await openTestStore();
  await ensureDemoMembers(store.db, "in-process-demo-password");
  const admin = await store.db.selectFrom("members").select("id").where("role", "=", "admin").orderBy("id").executeTakeFirstOrThrow();
  await insertTestKey(store.db, { role: "operator", name: "in-process fuzzing", secret: IN_PROCESS_API_KEY });
  // lib/store's own cache of the open store: the handlers use this test store through their real imports.
  (globalThis as unknown as { consoleStore?: Promise<Store> }).consoleStore = Promise.resolve(store);

  async function send(r: RawRequest): Promise<Answer> {
    // WHATWG URL parsing resolves dot segments ("x/../", "%2e%2e") as the server does before routing.
    const url = new URL(r.path, ORIGIN);
    if (url.pathname !== "/api" && url.pathname.endsWith("/")) return { status: 308, contentType: "", body: "", routedTo: "redirect (trailing slash)" };
    const found = await findHandler(r.method, url);
    if ("refusal" in found) return found.refusal;
    const req = new NextRequest(url, {
      method: r.method,
      headers: { host: new URL(ORIGIN).host, origin: ORIGIN, ...r.headers },
      body: r.body === undefined || r.method === "GET" ? undefined : r.body,
    });
    let res: Response;
    try {
      res = await found.handler(req, { params: Promise.resolve(found.params) });
    } catch (error) {
      return { status: 500, contentType: "", body: String(error), routedTo: found.file };
    }
    return { status: res.status, contentType: res.headers.get("content-type") ?? "", body: await res.text(), routedTo: found.file };
  }

  return {
    emulator,
    store,
    adminId: admin.id,
    send,
    async close() {
      await (await import("@/lib/jobs")).stopJobs();
      await store.close();
      await emulator.close();
    },
  };
}

export function allRouteMethods(): string[] {
  return routeFiles()
    .filter((f) => !f.includes("[..."))
    .flatMap((file) => exportedMethods(file).map((m) => `${m} ${file}`));
}
