import { describe, expect, it } from "vitest";
import type { IncomingHttpHeaders } from "node:http";
import { CLIENT_IP_HEADER, clientAddress, isLoopbackHost, isValidHost, normaliseIp, openClientIp, sealClientIp, settleClientHeaders } from "@/lib/server/client-address";

describe("normaliseIp", () => {
  it.each([
    ["203.0.113.7", "203.0.113.7"],
    [" 203.0.113.7 ", "203.0.113.7"],
    ["203.0.113.7:5123", "203.0.113.7"],
    ["::ffff:127.0.0.1", "127.0.0.1"],
    ["::FFFF:198.51.100.4", "198.51.100.4"],
    ["2001:DB8::1", "2001:db8::1"],
    ["[2001:db8::1]:443", "2001:db8::1"],
    ["fe80::1%eth0", "fe80::1"],
    ["::1", "::1"],
  ])("%j -> %j", (input, output) => {
    expect(normaliseIp(input)).toBe(output);
  });

  it.each(["", "unknown", "203.0.113.7;=1+1", "1.2.3.4 5.6.7.8", "999.1.1.1", "01.2.3.4", "example.com", "fe80::1%a b", "[::1", undefined, null])(
    "refuses %j",
    (input) => {
      expect(normaliseIp(input)).toBeNull();
    },
  );
});

describe("clientAddress", () => {
  const peer = "::ffff:10.0.0.2";

  it("with no trusted proxy takes the peer and ignores X-Forwarded-For", () => {
    expect(clientAddress(peer, "198.51.100.9", 0)).toBe("10.0.0.2");
    expect(clientAddress("::1", "198.51.100.9, 203.0.113.1", 0)).toBe("::1");
    expect(clientAddress(undefined, undefined, 0)).toBe("unknown");
  });

  it("with one proxy takes the entry it appended, not the client's own", () => {
    expect(clientAddress(peer, "203.0.113.7", 1)).toBe("203.0.113.7");
    expect(clientAddress(peer, "198.51.100.66, 203.0.113.7", 1)).toBe("203.0.113.7");
    expect(clientAddress(peer, ["198.51.100.66", "203.0.113.7"], 1)).toBe("203.0.113.7");
  });

  it("with two proxies skips the second proxy's entry", () => {
    expect(clientAddress(peer, "198.51.100.66, 203.0.113.7, 10.0.0.9", 2)).toBe("203.0.113.7");
    expect(clientAddress(peer, "2001:db8::7, 10.0.0.9", 2)).toBe("2001:db8::7");
  });

  it("a chain shorter than the hops gives its leftmost entry; no header gives the peer", () => {
    expect(clientAddress(peer, "203.0.113.7", 3)).toBe("203.0.113.7");
    expect(clientAddress(peer, undefined, 1)).toBe("10.0.0.2");
    expect(clientAddress(peer, " , ", 1)).toBe("10.0.0.2");
  });

  it("an entry that is not an IP is unknown, never stored as given", () => {
    expect(clientAddress(peer, "203.0.113.7;=1+1", 1)).toBe("unknown");
    expect(clientAddress(peer, "evil, <script>", 1)).toBe("unknown");
    expect(clientAddress("not-an-ip", undefined, 0)).toBe("unknown");
  });
});

describe("isValidHost", () => {
  it.each(["localhost", "localhost:3000", "127.0.0.1:3210", "console.example.com", "[::1]:3000", "a-b.example."])("accepts %j", (h) => {
    expect(isValidHost(h)).toBe(true);
  });
  it.each(["bad host", "", "a/b", "a@b", "host:port", "[::1", "-x.example", "a,b", `${"a".repeat(64)}.com`])("refuses %j", (h) => {
    expect(isValidHost(h)).toBe(false);
  });
});

describe("the client address header", () => {
  it("opens what this process sealed", () => {
    expect(openClientIp(sealClientIp("203.0.113.7"))).toBe("203.0.113.7");
    expect(openClientIp(sealClientIp("2001:db8::1"))).toBe("2001:db8::1");
  });

  it("refuses a value a client could have sent", () => {
    const [secret] = sealClientIp("10.0.0.1").split(" ");
    expect(openClientIp("203.0.113.7")).toBeNull();
    expect(openClientIp(`forged-secret-value-0000000000 203.0.113.7`)).toBeNull();
    expect(openClientIp(`${secret}x 203.0.113.7`)).toBeNull();
    expect(openClientIp(`${secret} not-an-ip`)).toBeNull();
    expect(openClientIp(null)).toBeNull();
  });
});

describe("settleClientHeaders", () => {
  const forged = (): IncomingHttpHeaders => ({
    host: "console.example.com",
    "x-forwarded-for": "198.51.100.1, 203.0.113.7",
    "x-forwarded-host": "evil.example",
    "x-forwarded-proto": "https",
    "x-forwarded-port": "443",
    "x-real-ip": "198.51.100.2",
    forwarded: "for=198.51.100.3",
    [CLIENT_IP_HEADER]: "forged 198.51.100.4",
  });

  it("with no trusted proxy drops every forwarding header and hands over the peer", () => {
    const headers = forged();
    expect(settleClientHeaders(headers, "::ffff:10.0.0.2", 0)).toBe(true);
    expect(Object.keys(headers).sort()).toEqual(["host", CLIENT_IP_HEADER]);
    expect(openClientIp(String(headers[CLIENT_IP_HEADER]))).toBe("10.0.0.2");
  });

  it("with a trusted proxy keeps its headers and hands over the address it appended", () => {
    const headers = forged();
    expect(settleClientHeaders(headers, "10.0.0.2", 1)).toBe(true);
    expect(headers["x-forwarded-host"]).toBe("evil.example");
    expect(openClientIp(String(headers[CLIENT_IP_HEADER]))).toBe("203.0.113.7");
  });

  it("refuses a malformed Host always, and malformed forwarding headers when they are believed", () => {
    expect(settleClientHeaders({ host: "bad host" }, "10.0.0.2", 0)).toBe(false);
    expect(settleClientHeaders({ host: "ok.example", "x-forwarded-host": "bad host" }, "10.0.0.2", 0)).toBe(true);
    expect(settleClientHeaders({ host: "ok.example", "x-forwarded-host": "bad host" }, "10.0.0.2", 1)).toBe(false);
    expect(settleClientHeaders({ host: "ok.example", "x-forwarded-host": "a.example, b.example" }, "10.0.0.2", 1)).toBe(false);
    expect(settleClientHeaders({ host: "ok.example", "x-forwarded-proto": "javascript" }, "10.0.0.2", 1)).toBe(false);
    expect(settleClientHeaders({}, "10.0.0.2", 0)).toBe(true);
  });
});

describe("isLoopbackHost", () => {
  it("takes this machine's names with or without a port, and nothing else", () => {
    for (const host of ["localhost", "localhost:3000", "LOCALHOST:3000", "127.0.0.1", "127.0.0.1:3210", "127.5.6.7:80", "[::1]", "[::1]:3000"]) {
      expect(isLoopbackHost(host), host).toBe(true);
    }
    for (const host of [undefined, "", "evil.example", "evil.example:3000", "localhost.evil.example", "127.0.0.1.evil.example", "10.0.0.1:3000", "[::2]:3000", "[::ffff:127.0.0.1]", "0.0.0.0:3000"]) {
      expect(isLoopbackHost(host), String(host)).toBe(false);
    }
  });
});
