import { afterEach, describe, expect, it, vi } from "vitest";
import { fetcher, fetchText, isProblemError, NETWORK_PROBLEM, ProblemError, sendDelete, sendJson } from "@/lib/swr/fetcher";

function answer(status: number, body: string, type = "application/json") {
  return vi.fn(async () => new Response(body, { status, headers: { "Content-Type": type } }));
}

async function failure(promise: Promise<unknown>): Promise<ProblemError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!isProblemError(error)) throw new Error(`expected a ProblemError, got ${String(error)}`);
  return error;
}

afterEach(() => vi.unstubAllGlobals());

describe("fetcher", () => {
  it("answers the JSON body, asking for JSON on the same origin", async () => {
    const fetch = answer(200, '{"items":[]}');
    vi.stubGlobal("fetch", fetch);
    await expect(fetcher("/api/x")).resolves.toEqual({ items: [] });
    expect(fetch).toHaveBeenCalledWith("/api/x", { credentials: "same-origin", headers: { Accept: "application/json" } });
  });

  it("throws the problem document with the response's status", async () => {
    vi.stubGlobal("fetch", answer(409, '{"status":999,"code":"conflict","reason":"last_admin","detail":"no"}', "application/problem+json"));
    const error = await failure(fetcher("/api/x"));
    expect(error.problem).toEqual({ status: 409, code: "conflict", reason: "last_admin", detail: "no" });
    expect(error.message).toBe("no");
  });

  it("a failure without a problem document keeps the status; an unreadable success is bad_response", async () => {
    vi.stubGlobal("fetch", answer(502, "<html>", "text/html"));
    expect((await failure(fetcher("/api/x"))).problem).toEqual({ status: 502 });
    vi.stubGlobal("fetch", answer(200, "not json", "text/plain"));
    expect((await failure(fetcher("/api/x"))).problem).toEqual({ status: 200, code: "bad_response" });
  });

  it("no answer at all is the network problem", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => Promise.reject(new TypeError("offline"))));
    expect((await failure(fetcher("/api/x"))).problem).toEqual(NETWORK_PROBLEM);
  });
});

describe("sendDelete", () => {
  it("deletes on the same origin and reads no body on success", async () => {
    const fetch = vi.fn(async () => new Response(null, { status: 204 }));
    vi.stubGlobal("fetch", fetch);
    await expect(sendDelete("/api/x/1")).resolves.toBeUndefined();
    expect(fetch).toHaveBeenCalledWith("/api/x/1", { method: "DELETE", credentials: "same-origin", headers: { Accept: "application/json" } });
  });

  it("throws the problem document with the status, and the network problem when nothing answers", async () => {
    vi.stubGlobal("fetch", answer(404, '{"code":"not_found"}', "application/problem+json"));
    expect((await failure(sendDelete("/api/x/1"))).problem).toEqual({ code: "not_found", status: 404 });
    vi.stubGlobal("fetch", vi.fn(async () => Promise.reject(new TypeError("offline"))));
    expect((await failure(sendDelete("/api/x/1"))).problem).toEqual(NETWORK_PROBLEM);
  });
});

describe("sendJson", () => {
  it("sends the body as JSON with any extra headers", async () => {
    const fetch = answer(201, '{"ok":true}');
    vi.stubGlobal("fetch", fetch);
    await sendJson("/api/x", "POST", { a: 1 }, { "Idempotency-Key": "k1" });
    expect(fetch).toHaveBeenCalledWith("/api/x", {
      method: "POST",
      body: '{"a":1}',
      credentials: "same-origin",
      headers: { Accept: "application/json", "Content-Type": "application/json", "Idempotency-Key": "k1" },
    });
  });

  it("sends no body and no Content-Type when there is nothing to send", async () => {
    const fetch = answer(200, '{"message":"ok"}');
    vi.stubGlobal("fetch", fetch);
    await sendJson("/api/x/1", "DELETE");
    expect(fetch).toHaveBeenCalledWith("/api/x/1", { method: "DELETE", credentials: "same-origin", headers: { Accept: "application/json" } });
  });
});

describe("fetchText", () => {
  it("answers the text, and throws the problem on failure", async () => {
    vi.stubGlobal("fetch", answer(200, "a\nb\n", "text/plain"));
    await expect(fetchText("/api/x.txt")).resolves.toBe("a\nb\n");
    vi.stubGlobal("fetch", answer(404, '{"code":"not_found"}', "application/problem+json"));
    expect((await failure(fetchText("/api/x.txt"))).problem).toEqual({ status: 404, code: "not_found" });
  });
});
