import { readFileSync, statSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { E2E_DATA_DIR, E2E_PORT } from "@/e2e/env";

// Requests no browser sends, from anyone: a malformed router state, TRACE, OPTIONS *, CONNECT, Server Action ids
// that are not the build's. Each gets a 400, 405 or Next's 409 for a stale action, never a 500, and the console's
// log gets no stack (lib/server/request-guard.ts, asked by scripts/server.ts and proxy.ts). Raw sockets: fetch
// refuses these methods and targets.

const LOG = path.join(E2E_DATA_DIR, "server.log");

interface RawAnswer {
  status: number;
  head: string;
  body: string;
}

/** Sends one request as written and reads the answer until the server closes or the body is complete. */
function raw(requestLine: string, headers: Record<string, string> = {}, body = ""): Promise<RawAnswer> {
  const lines = [requestLine, `Host: 127.0.0.1:${E2E_PORT}`, "Connection: close", ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`)];
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
      resolve({ status: Number(/^HTTP\/1\.[01] (\d{3})/.exec(head)?.[1] ?? 0), head, body: rest.join("\r\n\r\n") });
    });
    socket.write(`${lines.join("\r\n")}\r\n\r\n${body}`);
  });
}

const NEXT_TROUBLE = /router state header|HTTP method is unsupported|Server Action|Invalid URL|TypeError|^\s+at /m;

test("odd requests from anyone get 400, 405 or 409, never a 500, and leave no stack in the log", async () => {
  const logStart = statSync(LOG).size;
  const answers: [string, RawAnswer][] = [];
  const send = async (name: string, ...args: Parameters<typeof raw>) => {
    const answer = await raw(...args);
    answers.push([name, answer]);
    return answer;
  };

  const badTree = { RSC: "1", "Next-Router-State-Tree": "%5B%22x" };
  // With any cookie of the session's name, so that proxy.ts lets the request through to the page.
  expect((await send("bad router state, a page", "GET /warehouses HTTP/1.1", { ...badTree, Cookie: "authjs.session-token=x" })).status).toBe(400);
  expect((await send("bad router state, sign-in page", "GET /login HTTP/1.1", badTree)).status).toBe(400);

  const trace = await send("TRACE", "TRACE /api/health HTTP/1.1");
  expect(trace.status).toBe(405);
  expect(trace.head).toMatch(/^allow: GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS$/im);
  expect(JSON.parse(trace.body)).toMatchObject({ code: "method_not_allowed" });
  expect((await send("TRACE, a page", "TRACE /warehouses HTTP/1.1")).status).toBe(405);
  expect((await send("OPTIONS *", "OPTIONS * HTTP/1.1")).status).toBe(400);
  expect((await send("CONNECT", "CONNECT 127.0.0.1:5432 HTTP/1.1")).status).toBe(405);

  const text = { "Content-Type": "text/plain;charset=UTF-8", Accept: "text/x-component" };
  expect((await send("action id of the wrong length", "POST /login HTTP/1.1", { ...text, "Next-Action": "0".repeat(40) }, "[]")).status).toBe(400);
  const stale = await send("action id of no build", "POST /login HTTP/1.1", { ...text, "Next-Action": `40${"0".repeat(40)}` }, "[]");
  expect(stale.status).toBe(409);
  expect(stale.head).toMatch(/^x-nextjs-action-not-found: 1$/im);

  // A well-formed request still works.
  expect((await send("plain GET", "GET /api/health HTTP/1.1")).status).toBe(200);

  for (const [name, answer] of answers) expect(answer.status, name).not.toBe(500);
  // The server writes its log as it answers; give it a moment, then read what these requests added.
  await new Promise((resolve) => setTimeout(resolve, 500));
  const added = readFileSync(LOG, "utf8").slice(logStart);
  expect(added).not.toMatch(NEXT_TROUBLE);
});
