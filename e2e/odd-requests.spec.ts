import { readFileSync, statSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { DEMO_PASSWORD, E2E_DATA_DIR, E2E_PORT } from "@/test/env";

// Requests no browser sends, from anyone: a malformed router state, TRACE, OPTIONS *, CONNECT, Server Action ids
// that are not the build's, a __proto__ parameter. Each gets a 400, 405, 422 or Next's 409 for a stale action, never a 500, and the console's
// log gets no stack (lib/server/request-guard.ts, asked by scripts/server.ts and proxy.ts). Raw sockets: fetch
// refuses these methods and targets.

const LOG = path.join(E2E_DATA_DIR, "server.log");

interface RawAnswer {
  status: number;
  head: string;
  body: string;
}

function unchunk(body: string): string {
  let out = "";
  let rest = body;
  for (;;) {
    const end = rest.indexOf("\r\n");
    const size = parseInt(rest.slice(0, end), 16);
    if (!(size > 0)) return out;
    out += rest.slice(end + 2, end + 2 + size);
    rest = rest.slice(end + 2 + size + 2);
  }
}

const json = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

/** Sends one request as written and reads the answer until the server closes or the body is complete. */
function raw(requestLine: string, headers: Record<string, string> = {}, body = ""): Promise<RawAnswer> {
  const host = "Host" in headers ? [] : [`Host: 127.0.0.1:${E2E_PORT}`];
  const lines = [requestLine, ...host, "Connection: close", ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`)];
  if (body || requestLine.startsWith("POST")) lines.push(`Content-Length: ${Buffer.byteLength(body)}`);
  return new Promise((resolve, reject) => {
    const socket = net.connect(E2E_PORT, "127.0.0.1");
    let text = "";
    socket.setEncoding("utf8");
    socket.setTimeout(15_000, () => socket.destroy(new Error(`no answer to ${requestLine}`)));
    socket.on("data", (chunk: string) => (text += chunk));
    socket.on("error", reject);
    socket.on("close", () => {
      const [head = "", ...rest] = text.split("\r\n\r\n");
      const body = rest.join("\r\n\r\n");
      resolve({ status: Number(/^HTTP\/1\.[01] (\d{3})/.exec(head)?.[1] ?? 0), head, body: /^transfer-encoding: chunked$/im.test(head) ? unchunk(body) : body });
    });
    socket.write(`${lines.join("\r\n")}\r\n\r\n${body}`);
  });
}

const NEXT_TROUBLE = /router state header|HTTP method is unsupported|Server Action|Invalid URL|TypeError|^\s+at /m;

test("odd requests from anyone get 400, 405, 409 or 422, never a 500, and leave no stack in the log", async () => {
  const logStart = statSync(LOG).size;
  const answers: [string, RawAnswer][] = [];
  const send = async (name: string, ...args: Parameters<typeof raw>) => {
    const answer = await raw(...args);
    answers.push([name, answer]);
    return answer;
  };

  /** As a browser would: a redirect (Next's own to ?_rsc=..., or to the sign-in page) is followed with the same headers. */
  const sendFollowing = async (name: string, target: string, headers: Record<string, string>) => {
    let answer = await send(name, `GET ${target} HTTP/1.1`, headers);
    for (let hop = 0; hop < 3 && [307, 308].includes(answer.status); hop++) {
      const location = new URL(/^location: (.+)$/im.exec(answer.head)?.[1]?.trim() ?? "/", `http://127.0.0.1:${E2E_PORT}`);
      answer = await send(`${name}, after ${location.pathname}`, `GET ${location.pathname}${location.search} HTTP/1.1`, headers);
    }
    return answer;
  };
  const badTree = { RSC: "1", "Next-Router-State-Tree": "%5B%22x" };
  // With any cookie of the session's name, so that proxy.ts lets the request through to the page.
  expect.soft((await sendFollowing("bad router state, a page", "/warehouses", { ...badTree, Cookie: "authjs.session-token=x" })).status).toBe(400);
  expect.soft((await sendFollowing("bad router state, sign-in page", "/login", badTree)).status).toBe(400);

  const trace = await send("TRACE", "TRACE /api/health HTTP/1.1");
  expect.soft(trace.status).toBe(405);
  expect.soft(trace.head).toMatch(/^allow: GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS$/im);
  expect.soft(json(trace.body)).toMatchObject({ code: "method_not_allowed" });
  expect.soft((await send("TRACE, a page", "TRACE /warehouses HTTP/1.1")).status).toBe(405);
  expect.soft((await send("OPTIONS *", "OPTIONS * HTTP/1.1")).status).toBe(400);
  expect.soft((await send("CONNECT", "CONNECT 127.0.0.1:5432 HTTP/1.1")).status).toBe(405);

  const text = { "Content-Type": "text/plain;charset=UTF-8", Accept: "text/x-component" };
  expect.soft((await send("action id of the wrong length", "POST /login HTTP/1.1", { ...text, "Next-Action": "0".repeat(40) }, "[]")).status).toBe(400);
  const stale = await send("action id of no build", "POST /login HTTP/1.1", { ...text, "Next-Action": `40${"0".repeat(40)}` }, "[]");
  expect.soft(stale.status).toBe(409);
  expect.soft(stale.head).toMatch(/^x-nextjs-action-not-found: 1$/im);

  // Next drops this parameter before the handler could refuse it as unknown.
  expect.soft((await send("__proto__ parameter", "GET /api/warehouses?__proto__=1 HTTP/1.1")).status).toBe(422);

  // A well-formed request still works.
  expect.soft((await send("plain GET", "GET /api/health HTTP/1.1")).status).toBe(200);

  // Soft checks above, so that one run names every request answered wrongly.
  for (const [name, answer] of answers) expect.soft(answer.status, name).not.toBe(500);
  // The server writes its log as it answers; give it a moment, then read what these requests added.
  await new Promise((resolve) => setTimeout(resolve, 500));
  const added = readFileSync(LOG, "utf8").slice(logStart);
  expect(added).not.toMatch(NEXT_TROUBLE);
});

test("a console listening on this machine only answers to this machine's names (another site's name resolved here is refused)", async () => {
  for (const host of ["rebind.evil.example", `rebind.evil.example:${E2E_PORT}`, `10.0.0.5:${E2E_PORT}`]) {
    const answer = await raw("GET /api/health HTTP/1.1", { Host: host });
    expect.soft(answer.status, host).toBe(400);
    expect.soft(json(answer.body), host).toMatchObject({ code: "bad_request" });
    expect.soft((await raw("GET /login HTTP/1.1", { Host: host })).status, `${host}, a page`).toBe(400);
  }
  for (const host of [`localhost:${E2E_PORT}`, `127.0.0.1:${E2E_PORT}`]) expect.soft((await raw("GET /api/health HTTP/1.1", { Host: host })).status, host).toBe(200);
});

// Any "level":"error" line, Next's own "⨯" lines, or a stack frame.
const ERROR_LINE = /"level":"error"|⨯|^\s+at /m;

test("an action-shaped form post, /_next/image and a malformed callbackUrl are refused without an error line or stack in the log", async ({ playwright }) => {
  const logStart = statSync(LOG).size;
  const form = await raw("POST /login HTTP/1.1", { "Content-Type": "multipart/form-data; boundary=zzz" }, '--zzz\r\nContent-Disposition: form-data; name="1_$ACTION_ID_abc"\r\n\r\n\r\n--zzz--\r\n');
  expect.soft(form.status, "form post without Next-Action").toBe(400);
  expect.soft((await raw("GET /_next/image?url=/api/health&w=64&q=75 HTTP/1.1")).status, "/_next/image").toBe(404);

  const stranger = await playwright.request.newContext({ baseURL: `http://127.0.0.1:${E2E_PORT}`, storageState: { cookies: [], origins: [] } });
  // The review's two, and two that Auth.js's own redirect check cannot parse (a TypeError it reports).
  for (const callbackUrl of ["http:evil.example", " https://evil.example", "http:", "::"]) {
    const { csrfToken } = await (await stranger.get("/api/auth/csrf")).json();
    const res = await stranger.post("/api/auth/callback/credentials", { form: { csrfToken, email: "viewer@demo.local", password: DEMO_PASSWORD, callbackUrl }, maxRedirects: 0 });
    expect.soft(res.status(), `callbackUrl ${JSON.stringify(callbackUrl)}`).toBeLessThan(500);
    expect.soft(res.headers()["location"] ?? "", `callbackUrl ${JSON.stringify(callbackUrl)}`).not.toContain("evil.example");
  }
  await stranger.dispose();

  await new Promise((resolve) => setTimeout(resolve, 500));
  const added = readFileSync(LOG, "utf8").slice(logStart);
  expect(added).not.toMatch(ERROR_LINE);
  expect(added).not.toMatch(/Server Action|isn't a valid image/);
  // The callback URLs Auth.js cannot parse: one warning a minute at most, however many come.
  expect(added.match(/"level":"warn","event":"auth.refused"/g)?.length ?? 0).toBeLessThanOrEqual(1);
});
