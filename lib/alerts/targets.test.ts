import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { parseTargetAllowList } from "@/lib/rules/target-allow-list";
import { READ_MAX, readCapped, sendToChannel, verifySmtp, type ChannelToSend } from "@/lib/alerts/send";
import { checkTarget, STRICT_TARGETS, type Address, type TargetPolicy } from "@/lib/alerts/targets";
import { startReceiver, startSmtp } from "@/test/alert-servers";

// Where alerts may go: address classes after DNS, the operator's allow-list, SMTP ports, and connections pinned to
// the checked address. Real resolvers (the system's, or a table standing in for DNS) and real local servers.

const allow = (list: string, allowLoopback = false): TargetPolicy => ({ allowLoopback, allowed: parseTargetAllowList(list).entries });

/** A DNS stand-in: answers from a table (a list per call, for a name that changes its answer), counting the questions. */
function table(answers: Record<string, string[] | string[][]>) {
  const asked: string[] = [];
  const resolve = async (host: string): Promise<Address[]> => {
    const n = asked.filter((h) => h === host).length;
    asked.push(host);
    const entry = answers[host];
    if (!entry) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: "ENOTFOUND" });
    const list = (Array.isArray(entry[0]) ? (entry as string[][])[Math.min(n, entry.length - 1)] : entry) as string[];
    return list.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
  };
  return { resolve, asked };
}

const event = { type: "test" as const, channelName: "Hook", by: "admin@demo.local", at: "2026-11-26T00:00:00.000Z" };

describe("checkTarget", () => {
  it("refuses every inward class, odd IPv4 forms and IPv4-mapped IPv6 included, and takes public addresses", async () => {
    const inward = [
      "127.0.0.1", "0x7f.1", "2852039166", "0251.0376.0251.0376", "169.254.169.254", "10.0.0.1", "172.16.0.1", "192.168.1.1",
      "100.64.0.1", "0.0.0.0", "255.255.255.255", "224.0.0.1", "192.0.2.1", "198.18.0.1", "240.0.0.1",
      "::1", "::", "fe80::1", "fd00::1", "fc00::1", "ff02::1", "::ffff:127.0.0.1", "::ffff:a9fe:a9fe", "::ffff:10.0.0.1", "64:ff9b::a00:1", "2001:db8::1",
      "::a9fe:a9fe", "[::127.0.0.1]", "::7f00:1", "::10.0.0.1", "::8.8.8.8", "::0:0:1:2",
      "localhost",
    ];
    for (const host of inward) {
      const checked = await checkTarget(host, 443, "http", STRICT_TARGETS, 2000);
      expect(checked, host).toMatchObject({ ok: false, reason: "inward" });
    }
    for (const host of ["8.8.8.8", "93.184.215.14", "[2606:4700::1]", "2a00:1450:4001::200e", "2606:4700::a9fe:a9fe", "1::a9fe:a9fe"]) {
      expect(await checkTarget(host, 443, "http", STRICT_TARGETS, 2000), host).toMatchObject({ ok: true });
    }
  });

  it("judges every address a name resolves to: one inward address is enough to refuse", async () => {
    const dns = table({ "hooks.example.com": ["93.184.215.14", "10.0.0.7"], "ok.example.com": ["93.184.215.14", "2606:4700::1"] });
    const policy = { ...STRICT_TARGETS, resolve: dns.resolve };
    expect(await checkTarget("hooks.example.com", 443, "http", policy, 2000)).toMatchObject({ ok: false, reason: "inward" });
    expect(await checkTarget("ok.example.com", 443, "http", policy, 2000)).toMatchObject({ ok: true, target: { addresses: [{ address: "93.184.215.14" }, { address: "2606:4700::1" }] } });
    expect(await checkTarget("nowhere.example.com", 443, "http", policy, 2000)).toMatchObject({ ok: false, reason: "unknownHost" });
  });

  it("allows what ALERT_ALLOWED_TARGETS names: ranges, addresses and names, a port when one is given; demo mode allows loopback only", async () => {
    const dns = table({ "hooks.corp.internal": ["10.20.0.5"], "other.corp.internal": ["10.20.0.6"] });
    const check = (host: string, port: number, policy: TargetPolicy) => checkTarget(host, port, "http", { ...policy, resolve: dns.resolve }, 2000);
    expect(await check("10.1.2.3", 443, allow("10.0.0.0/8"))).toMatchObject({ ok: true });
    expect(await check("192.168.0.1", 443, allow("10.0.0.0/8"))).toMatchObject({ ok: false, reason: "inward" });
    expect(await check("fd00::1", 8443, allow("[fd00::1]:8443"))).toMatchObject({ ok: true });
    expect(await check("fd00::1", 443, allow("[fd00::1]:8443"))).toMatchObject({ ok: false, reason: "inward" });
    expect(await check("::ffff:10.1.0.9", 443, allow("::ffff:10.1.0.0/112"))).toMatchObject({ ok: true });
    expect(await check("hooks.corp.internal", 443, allow("hooks.corp.internal"))).toMatchObject({ ok: true });
    expect(await check("other.corp.internal", 443, allow("hooks.corp.internal"))).toMatchObject({ ok: false, reason: "inward" });
    expect(await check("127.0.0.1", 4010, allow("", true))).toMatchObject({ ok: true, target: { loopback: true } });
    expect(await check("10.1.2.3", 443, allow("", true))).toMatchObject({ ok: false, reason: "inward" });
    expect(await check("0.0.0.0", 443, allow("", true))).toMatchObject({ ok: false, reason: "inward" });
  });

  it("keeps e-mail to ports 25, 465 and 587 unless the setting names the port (or it is loopback in demo mode)", async () => {
    const dns = table({ "smtp.example.com": ["93.184.215.14"] });
    const check = (port: number, policy: TargetPolicy, host = "smtp.example.com") => checkTarget(host, port, "smtp", { ...policy, resolve: dns.resolve }, 2000);
    for (const port of [25, 465, 587]) expect(await check(port, STRICT_TARGETS), String(port)).toMatchObject({ ok: true });
    for (const port of [22, 80, 2525, 6379]) expect(await check(port, STRICT_TARGETS), String(port)).toMatchObject({ ok: false, reason: "port" });
    expect(await check(2525, allow("smtp.example.com:2525"))).toMatchObject({ ok: true });
    expect(await check(2525, allow("smtp.example.com"))).toMatchObject({ ok: false, reason: "port" });
    expect(await check(2526, allow("smtp.example.com:2525"))).toMatchObject({ ok: false, reason: "port" });
    expect(await check(2525, allow("", true), "127.0.0.1")).toMatchObject({ ok: true });
    expect(await check(2525, allow("127.0.0.1"), "127.0.0.1")).toMatchObject({ ok: false, reason: "port" });
  });
});

describe("ALERT_ALLOWED_TARGETS", () => {
  it("reads names, addresses and ranges with optional ports, and names what it cannot read", () => {
    expect(parseTargetAllowList(" 10.0.0.0/8, [fd00::1]:8443, Mail.Corp.Internal:2525 ,192.168.1.5, ::ffff:10.1.0.0/112, fd00::/8, host.internal.").entries).toEqual([
      { cidr: "10.0.0.0/8" },
      { cidr: "fd00::1/128", port: 8443 },
      { host: "mail.corp.internal", port: 2525 },
      { cidr: "192.168.1.5/32" },
      { cidr: "10.1.0.0/16" },
      { cidr: "fd00::/8" },
      { host: "host.internal" },
    ]);
    const { entries, problems } = parseTargetAllowList("10.0.0.0/33, 0x7f.1, 2852039166, mail:99999, a b, [fd00::1, 10.0.0.1:, *.corp, 10.0.0.1/8/2");
    expect(entries).toEqual([]);
    expect(problems).toHaveLength(9);
    expect(problems[0]).toContain('"10.0.0.0/33"');
  });
});

describe("connections go to the checked address", () => {
  it("a webhook is posted to the address checked, with the URL's name as Host; a name that re-resolves inward reaches nothing", async () => {
    const receiver = await startReceiver("signing-secret-for-pinning-1");
    const port = new URL(receiver.url).port;
    try {
      const dns = table({ "hooks.test": ["127.0.0.1"] });
      const channel: ChannelToSend = { id: "c1", name: "Hook", kind: "slack", smtp: null, language: "en", secrets: { url: `http://hooks.test:${port}/in` } };
      const sent = await sendToChannel(channel, "d1", event, { consoleUrl: "http://console.test", timeZone: "UTC", timeoutMs: 2000, targets: { ...allow("", true), resolve: dns.resolve } });
      expect(sent).toMatchObject({ ok: true, status: 200, text: "ok" });
      expect(receiver.received[0]?.headers.host).toBe(`hooks.test:${port}`);
      expect(dns.asked).toEqual(["hooks.test"]);

      // Rebinding: a name that answers 127.0.0.2 when checked and the receiver's 127.0.0.1 on any later question.
      // Only the checked address is dialled (nothing listens there), and the name is asked once.
      const rebinding = table({ "rebind.test": [["127.0.0.2"], ["127.0.0.1"]] });
      const moved = { ...channel, secrets: { url: `http://rebind.test:${port}/in` } };
      const result = await sendToChannel(moved, "d2", event, { consoleUrl: "http://console.test", timeZone: "UTC", timeoutMs: 2000, targets: { ...allow("", true), resolve: rebinding.resolve } });
      expect(result).toMatchObject({ ok: false, status: null });
      expect(result.text).toMatch(/^ECONNREFUSED: connect ECONNREFUSED 127\.0\.0\.2:/);
      expect(receiver.received).toHaveLength(1);
      expect(rebinding.asked).toEqual(["rebind.test"]);
    } finally {
      await receiver.close();
    }
  });

  it("refuses at send time what the policy refuses, whatever was saved", async () => {
    const receiver = await startReceiver("signing-secret-for-pinning-2");
    try {
      const channel: ChannelToSend = { id: "c1", name: "Hook", kind: "slack", smtp: null, language: "en", secrets: { url: `${receiver.url}/in` } };
      const sent = await sendToChannel(channel, "d1", event, { consoleUrl: "http://console.test", timeZone: "UTC", timeoutMs: 2000, targets: STRICT_TARGETS });
      expect(sent).toMatchObject({ ok: false, status: null });
      expect(sent.text).toMatch(/^Not sent: 127\.0\.0\.1 is at 127\.0\.0\.1, inside the network \(loopback\)/);
      // Plain http is for this machine only, even to an allowed address.
      const dns = table({ "hooks.corp.internal": ["10.20.0.5"] });
      const plain = await sendToChannel({ ...channel, secrets: { url: "http://hooks.corp.internal/in" } }, "d2", event, {
        consoleUrl: "http://console.test",
        timeZone: "UTC",
        timeoutMs: 2000,
        targets: { ...allow("hooks.corp.internal"), resolve: dns.resolve },
      });
      expect(plain).toMatchObject({ ok: false, text: "Not sent: plain http only to this machine." });
      expect(receiver.received).toEqual([]);
    } finally {
      await receiver.close();
    }
  });

  it("e-mail connects to the checked address; a login without TLS goes only to loopback", async () => {
    const smtp = await startSmtp({ user: "alerts", password: "pinned-password-1" });
    try {
      const dns = table({ "mail.test": ["127.0.0.1"], "relay.corp.internal": ["10.20.0.25"] });
      const base = { host: "mail.test", port: smtp.port, tls: "none" as const, user: "alerts", from: "a@b.test", recipients: ["c@d.test"] };
      expect(await verifySmtp(base, "pinned-password-1", 2000, { ...allow("", true), resolve: dns.resolve })).toBeNull();
      expect(smtp.logins).toEqual([{ user: "alerts", password: "pinned-password-1" }]);
      const plain = await verifySmtp({ ...base, host: "relay.corp.internal", port: 587 }, "pinned-password-1", 2000, { ...allow("relay.corp.internal"), resolve: dns.resolve });
      expect(plain).toEqual({ field: "smtpTls", reason: "plainLogin" });
      expect(await verifySmtp(base, "pinned-password-1", 2000, { ...STRICT_TARGETS, resolve: dns.resolve })).toEqual({ field: "smtpHost", reason: "targetInward" });
      expect(smtp.logins).toHaveLength(1);
    } finally {
      await smtp.close();
    }
  });
});

describe("readCapped", () => {
  it("reads at most READ_MAX bytes of an endless stream and stops it", async () => {
    let pulled = 0;
    const endless = new Readable({
      highWaterMark: 1024,
      read() {
        pulled++;
        this.push(Buffer.alloc(1024, "y"));
      },
    });
    const { bytes, cut } = await readCapped(endless, READ_MAX);
    expect(bytes.length).toBe(READ_MAX);
    expect(cut).toBe(true);
    expect(endless.destroyed).toBe(true);
    expect(pulled).toBeLessThanOrEqual(READ_MAX / 1024 + 2);
  });

  it("takes a short answer whole", async () => {
    expect(await readCapped(Readable.from([Buffer.from("accepted")]), READ_MAX)).toEqual({ bytes: Buffer.from("accepted"), cut: false });
  });
});
