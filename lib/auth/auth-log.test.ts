import { afterEach, describe, expect, it, vi } from "vitest";
import { authErrorLogger, clientCaused } from "@/lib/auth/auth-log";

// N-8: a callbackUrl that is no URL is the caller's mistake: a warning at most once a minute, never an error line.

const lines = () => vi.mocked(process.stderr.write).mock.calls.map(([line]) => JSON.parse(String(line)) as Record<string, unknown>);

afterEach(() => {
  vi.restoreAllMocks();
});

describe("authErrorLogger", () => {
  it("writes a client's invalid callback URL as one warning a minute, counting the ones left out", () => {
    vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    let now = 1_000_000;
    const logError = authErrorLogger(() => now);
    for (let i = 0; i < 5; i++) logError(new TypeError("Invalid URL"));
    now += 61_000;
    logError(new TypeError("Invalid URL"));
    const invalid = Object.assign(new Error("Invalid callback URL. Received: http:evil.example"), { type: "InvalidCallbackUrl" });
    logError(invalid);
    const written = lines();
    expect(written.map((l) => l.level)).toEqual(["warn", "warn", "warn"]);
    expect(written[0]).toMatchObject({ msg: "auth request refused", type: "TypeError", message: "Invalid URL" });
    expect(written[1]).toMatchObject({ type: "TypeError", skipped_since_last: 4 });
    expect(written[2]).toMatchObject({ type: "InvalidCallbackUrl" });
  });

  it("keeps the console's own failures as errors, a stale session as a warning, and a wrong password silent", () => {
    vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    const logError = authErrorLogger();
    logError(Object.assign(new Error("db down"), { type: "CallbackRouteError" }));
    logError(new TypeError("Cannot read properties of undefined"));
    logError(Object.assign(new Error("expired"), { type: "JWTSessionError" }));
    logError(Object.assign(new Error("wrong"), { type: "CredentialsSignin" }));
    expect(lines().map((l) => [l.level, l.type])).toEqual([
      ["error", "CallbackRouteError"],
      ["error", "TypeError"],
      ["warn", "JWTSessionError"],
    ]);
  });

  it("names only malformed callback URLs as the client's", () => {
    expect([clientCaused("TypeError", "Invalid URL"), clientCaused("InvalidCallbackUrl", "x"), clientCaused("TypeError", "x"), clientCaused("MissingSecret", "Invalid URL")]).toEqual([true, true, false, false]);
  });
});
