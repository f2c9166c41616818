import { NextRequest } from "next/server";
import { afterEach, describe, expect, it, vi } from "vitest";

vi.mock("@/lib/auth/session", () => ({ getCurrentMember: async () => ({ id: 7, email: "operator@demo.local", name: "Onur Operator", role: "operator" }) }));
vi.mock("@/lib/store", () => ({ db: async () => undefined }));

const { withRoute } = await import("@/lib/http/route");

afterEach(() => {
  vi.restoreAllMocks();
});

describe("a handler that fails", () => {
  it("writes one line with a stable event name and the request id the answer carries, and no e-mail", async () => {
    const lines: string[] = [];
    vi.spyOn(process.stderr, "write").mockImplementation((chunk) => (lines.push(String(chunk)), true));
    const handler = withRoute("read", async () => {
      throw new Error("boom");
    });
    const res = await handler(new NextRequest("http://console.test/api/x"), { params: Promise.resolve({}) });
    expect(res.status).toBe(500);
    expect(lines).toHaveLength(1);
    const line = JSON.parse(lines[0]!);
    expect(line).toMatchObject({ level: "error", event: "http.handler_failed", request_id: res.headers.get("x-request-id"), path: "/api/x", error: "Error: boom" });
    expect(lines[0]).not.toContain("operator@demo.local");
  });
});
