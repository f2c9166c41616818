import { describe, expect, it } from "vitest";
import { envSchema } from "@/lib/config/env";

// TRUSTED_PROXY_HOPS and HOST, read by the console's server (scripts/server.ts).

const parse = (env: Record<string, string>) => envSchema.safeParse(env);
const issues = (env: Record<string, string>) => {
  const r = parse(env);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
};

describe("TRUSTED_PROXY_HOPS", () => {
  it("defaults to 0: no forwarding header is believed", () => {
    expect(parse({}).data?.TRUSTED_PROXY_HOPS).toBe(0);
    expect(parse({ TRUSTED_PROXY_HOPS: " " }).data?.TRUSTED_PROXY_HOPS).toBe(0);
  });
  it("takes a whole number of proxies up to 10", () => {
    expect(parse({ TRUSTED_PROXY_HOPS: "2" }).data?.TRUSTED_PROXY_HOPS).toBe(2);
  });
  it.each(["-1", "1.5", "11", "yes", "true"])("refuses %j, naming the variable", (value) => {
    expect(issues({ TRUSTED_PROXY_HOPS: value })).toEqual(["TRUSTED_PROXY_HOPS: must be a whole number from 0 to 10"]);
  });
});

describe("HOST", () => {
  it.each(["127.0.0.1", "0.0.0.0", "::", "::1", "console.internal"])("accepts %j", (value) => {
    expect(parse({ HOST: value }).data?.HOST).toBe(value);
  });
  it("is unset when empty", () => {
    expect(parse({ HOST: "" }).data?.HOST).toBeUndefined();
  });
  it.each(["http://0.0.0.0", "a b", "host:3000/x"])("refuses %j", (value) => {
    expect(issues({ HOST: value })[0]).toMatch(/^HOST: must be a host name or an IP address/);
  });
});
