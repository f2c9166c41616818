import { describe, expect, it } from "vitest";
import { ConfigError, DEFAULT_DEMO_PASSWORD, parseServerEnv } from "@/lib/config/env";

const good = {
  LABS_API_URL: "https://api.labsoffice.com/",
  LABS_API_TOKEN: "tok-123",
  AUTH_SECRET: "x".repeat(32),
};

function problemsOf(env: Record<string, string | undefined>): string[] {
  try {
    parseServerEnv(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).problems;
  }
  throw new Error("expected a ConfigError");
}

describe("parseServerEnv", () => {
  it("accepts a live configuration and applies defaults", () => {
    expect(parseServerEnv(good)).toEqual({
      upstreamUrl: "https://api.labsoffice.com",
      upstreamToken: "tok-123",
      upstreamTimeoutMs: 10_000,
      demoMode: false,
      authSecret: "x".repeat(32),
      dataDir: "data",
      databaseUrl: null,
      databasePoolSize: 10,
      jobs: { heartbeatSeconds: 30, superviseSeconds: 15 },
      demoPassword: DEFAULT_DEMO_PASSWORD,
      sso: null,
      reconcile: { orderList: true, settleMinutes: 30 },
      orderAge: { deadlineDays: 7, warnDays: 5, criticalDays: 6 },
      warehouseIndexTtlMs: 30_000,
      exports: { maxRows: 100_000 },
      erp: { batchSize: 100, inFlight: 2, maxOrdersPerRun: 10_000, importRepeatWindowMinutes: 15 },
      accountTimeZone: "Europe/Istanbul",
      alerts: { platformSilentMinutes: 10, tickSeconds: 60, retryLimit: 4, retryDelaySeconds: 5, sendTimeoutMs: 10_000, smtpVerifyTimeoutMs: 5_000, allowedTargets: [] },
      consoleUrl: "http://localhost:3000",
      auditStream: null,
      breaker: { windowBatches: 4, openAfter: 3, probeSeconds: 180, probeOrders: 10, drainBatchesPerMinute: 6 },
      metricsToken: null,
    });
  });

  it("reads the breaker's settings and refuses a pace of zero or a threshold beyond its window, naming the variable", () => {
    expect(parseServerEnv({ ...good, BREAKER_WINDOW_BATCHES: "10", BREAKER_OPEN_AFTER: "6", BREAKER_PROBE_SECONDS: "2", BREAKER_PROBE_ORDERS: "5", TRANSFER_DRAIN_BATCHES_PER_MINUTE: "30" }).breaker).toEqual({
      windowBatches: 10,
      openAfter: 6,
      probeSeconds: 2,
      probeOrders: 5,
      drainBatchesPerMinute: 30,
    });
    expect(() => parseServerEnv({ ...good, TRANSFER_DRAIN_BATCHES_PER_MINUTE: "0" })).toThrow("TRANSFER_DRAIN_BATCHES_PER_MINUTE: must be a whole number from 1 to 600");
    expect(() => parseServerEnv({ ...good, BREAKER_PROBE_SECONDS: "0" })).toThrow("BREAKER_PROBE_SECONDS: must be a whole number from 1 to 3600");
    expect(() => parseServerEnv({ ...good, BREAKER_OPEN_AFTER: "5" })).toThrow("BREAKER_OPEN_AFTER: must be at most BREAKER_WINDOW_BATCHES (4): it counts failing batches among that many");
  });

  it("reads the ERP settings", () => {
    expect(
      parseServerEnv({ ...good, ERP_TRANSFER_BATCH_SIZE: "50", ERP_TRANSFER_IN_FLIGHT: "1", ERP_MAX_ORDERS_PER_RUN: "500", ERP_IMPORT_REPEAT_WINDOW_MINUTES: "60" }).erp,
    ).toEqual({ batchSize: 50, inFlight: 1, maxOrdersPerRun: 500, importRepeatWindowMinutes: 60 });
    expect(parseServerEnv({ ...good, ERP_TRANSFER_BATCH_SIZE: "1000" }).erp.batchSize).toBe(1000);
  });

  it("reads the reconciliation settings", () => {
    expect(parseServerEnv({ ...good, LABS_ORDER_LIST: "off", RECONCILE_SETTLE_MINUTES: "0" }).reconcile).toEqual({ orderList: false, settleMinutes: 0 });
    expect(parseServerEnv({ ...good, ORDER_AGE_DEADLINE_DAYS: "10", ORDER_AGE_WARN_DAYS: "3", ORDER_AGE_CRITICAL_DAYS: "10" }).orderAge).toEqual({ deadlineDays: 10, warnDays: 3, criticalDays: 10 });
    expect(() => parseServerEnv({ ...good, ORDER_AGE_WARN_DAYS: "6" })).toThrow(/ORDER_AGE_WARN_DAYS/);
    expect(problemsOf({ ...good, LABS_ORDER_LIST: "no" })).toEqual(["LABS_ORDER_LIST: must be on or off"]);
  });

  it("reads the export row cap", () => {
    expect(parseServerEnv({ ...good, EXPORT_MAX_ROWS: "250000" }).exports).toEqual({ maxRows: 250_000 });
  });

  it("reads the metrics token, and refuses a short one or one with spaces", () => {
    expect(parseServerEnv({ ...good, METRICS_TOKEN: " m".padEnd(20, "m") }).metricsToken).toBe("m".repeat(19));
    for (const bad of ["too-short", "has a space in it, long enough"]) expect(problemsOf({ ...good, METRICS_TOKEN: bad })).toEqual(["METRICS_TOKEN: must be at least 16 characters without spaces"]);
  });

  it("reads the audit stream as https or syslog, and refuses a malformed syslog URL naming AUDIT_STREAM_URL", () => {
    const secret = "s".repeat(32);
    expect(parseServerEnv({ ...good, AUDIT_STREAM_URL: "https://siem.example.com/in", AUDIT_STREAM_SECRET: secret }).auditStream).toEqual({ url: "https://siem.example.com/in", secret, intervalMs: 5000, batch: 500, caFile: null });
    expect(parseServerEnv({ ...good, AUDIT_STREAM_URL: "syslog+tls://siem.example.com:6514", AUDIT_STREAM_CA_FILE: "/etc/labs/siem-ca.pem" }).auditStream).toMatchObject({ url: "syslog+tls://siem.example.com:6514", caFile: "/etc/labs/siem-ca.pem" });
    expect(parseServerEnv({ ...good, AUDIT_STREAM_URL: "syslog+tcp://[::1]:514" }).auditStream).toMatchObject({ url: "syslog+tcp://[::1]:514", caFile: null });
    expect(problemsOf({ ...good, AUDIT_STREAM_URL: "https://siem.example.com/in" })).toEqual(["AUDIT_STREAM_SECRET: must be at least 32 characters when AUDIT_STREAM_URL is an https URL"]);
    expect(problemsOf({ ...good, AUDIT_STREAM_URL: "https://siem.example.com/in", AUDIT_STREAM_SECRET: secret, AUDIT_STREAM_CA_FILE: "/ca.pem" })).toEqual(["AUDIT_STREAM_CA_FILE: is only read with a syslog+tls:// AUDIT_STREAM_URL"]);
    const bad: [string, string][] = [
      ["syslog+udp://siem.example.com:514", "must be an https URL, syslog+tls://host:port or syslog+tcp://host:port"],
      ["syslog+tls//siem.example.com:6514", "must be an https URL, syslog+tls://host:port or syslog+tcp://host:port"],
      ["syslog+tls://siem.example.com", "must name a host and a port, such as syslog+tls://siem.example.com:6514"],
      ["syslog+tls://siem.example.com:0", "must name a host and a port, such as syslog+tls://siem.example.com:6514"],
      ["syslog+tcp://:514", "must be an https URL, syslog+tls://host:port or syslog+tcp://host:port"],
      ["syslog+tcp://relay_1!:514", "must name a host and a port, such as syslog+tls://siem.example.com:6514"],
      ["syslog+tls://user:pw@siem.example.com:6514", "must be syslog+tls://host:port or syslog+tcp://host:port, without credentials, path or query"],
      ["syslog+tls://siem.example.com:6514/audit", "must be syslog+tls://host:port or syslog+tcp://host:port, without credentials, path or query"],
      ["syslog+tcp://siem.example.com:514?tls=0", "must be syslog+tls://host:port or syslog+tcp://host:port, without credentials, path or query"],
    ];
    for (const [url, message] of bad) expect(problemsOf({ ...good, AUDIT_STREAM_URL: url })).toEqual([`AUDIT_STREAM_URL: ${message}`]);
  });

  it("reads the store and job engine settings, and names a bad one", () => {
    const config = parseServerEnv({ ...good, DATABASE_URL: "postgres://u:p@db:5432/labs", DATABASE_POOL_SIZE: "5", JOBS_HEARTBEAT_SECONDS: "10", JOBS_SUPERVISE_SECONDS: "2" });
    expect(config).toMatchObject({ databaseUrl: "postgres://u:p@db:5432/labs", databasePoolSize: 5, jobs: { heartbeatSeconds: 10, superviseSeconds: 2 } });
    expect(problemsOf({ ...good, DATABASE_URL: "mysql://db/labs" })).toEqual(["DATABASE_URL: must be a postgres:// or postgresql:// URL"]);
    expect(problemsOf({ ...good, JOBS_HEARTBEAT_SECONDS: "5" })).toEqual(["JOBS_HEARTBEAT_SECONDS: must be a whole number from 10 to 3600"]);
    expect(problemsOf({ ...good, DATABASE_POOL_SIZE: "0" })).toEqual(["DATABASE_POOL_SIZE: must be a whole number from 1 to 100"]);
  });

  it("reads the account time zone, the alert settings and the console's public address", () => {
    const defaults = parseServerEnv(good);
    expect(defaults.accountTimeZone).toBe("Europe/Istanbul");
    expect(defaults.alerts.platformSilentMinutes).toBe(10);
    expect(defaults.consoleUrl).toBe("http://localhost:3000");
    const set = parseServerEnv({ ...good, ACCOUNT_TIME_ZONE: "America/New_York", ALERT_PLATFORM_SILENT_MINUTES: "5", AUTH_URL: "https://console.example.com/" });
    expect(set.accountTimeZone).toBe("America/New_York");
    expect(set.alerts.platformSilentMinutes).toBe(5);
    expect(parseServerEnv({ ...good, ALERT_RETRY_LIMIT: "0", ALERT_RETRY_DELAY_SECONDS: "1" }).alerts).toMatchObject({ retryLimit: 0, retryDelaySeconds: 1 });
    expect(problemsOf({ ...good, ALERT_RETRY_LIMIT: "21" })).toEqual(["ALERT_RETRY_LIMIT: must be a whole number from 0 to 20"]);
    expect(set.consoleUrl).toBe("https://console.example.com");
    expect(parseServerEnv({ ...good, AUTH_URL: "https://a.example.com", CONSOLE_URL: "https://ops.example.com" }).consoleUrl).toBe("https://ops.example.com");
    expect(problemsOf({ ...good, ACCOUNT_TIME_ZONE: "Mars/Olympus" })).toEqual(["ACCOUNT_TIME_ZONE: must be an IANA time zone, such as Europe/Istanbul"]);
    expect(problemsOf({ ...good, ACCOUNT_TIME_ZONE: "EST" })).toEqual(["ACCOUNT_TIME_ZONE: must be an IANA time zone, such as Europe/Istanbul"]);
  });

  it("reads the alert targets allowed inside the network, and names an item it cannot read", () => {
    expect(parseServerEnv({ ...good, ALERT_ALLOWED_TARGETS: "10.0.0.0/8, mail.corp.internal:2525, [fd00::1]:8443" }).alerts.allowedTargets).toEqual([
      { cidr: "10.0.0.0/8" },
      { host: "mail.corp.internal", port: 2525 },
      { cidr: "fd00::1/128", port: 8443 },
    ]);
    expect(problemsOf({ ...good, ALERT_ALLOWED_TARGETS: "10.0.0.0/8, 0x7f.1" })).toEqual([
      'ALERT_ALLOWED_TARGETS: "0x7f.1" is not a host name, an IP address (four decimal numbers for IPv4) or a CIDR range',
    ]);
  });

  it("names each missing variable", () => {
    const problems = problemsOf({});
    expect(problems.some((p) => p.startsWith("LABS_API_URL:"))).toBe(true);
    expect(problems.some((p) => p.startsWith("LABS_API_TOKEN:"))).toBe(true);
    expect(problems.some((p) => p.startsWith("AUTH_SECRET:"))).toBe(true);
  });

  it.each([
    ["LABS_API_URL", "ftp://example.com"],
    ["LABS_API_URL", "not a url"],
    ["LABS_API_URL", "https://api.labsoffice.com/v1"],
    ["LABS_API_URL", "https://user:pw@api.labsoffice.com"],
    ["LABS_API_TIMEOUT_MS", "0"],
    ["LABS_API_TIMEOUT_MS", "ten"],
    ["AUTH_SECRET", "short"],
    ["PORT", "70000"],
    ["EMULATOR_PORT", "-1"],
    ["DEMO_PASSWORD", "123"],
    ["LABS_API_TOKEN", "has space"],
    ["LABS_DEMO_MODE", "yes"],
    ["ERP_TRANSFER_BATCH_SIZE", "0"],
    ["ERP_TRANSFER_BATCH_SIZE", "1001"],
    ["ERP_TRANSFER_IN_FLIGHT", "0"],
    ["ERP_TRANSFER_IN_FLIGHT", "9"],
    ["ERP_TRANSFER_BATCH_SIZE", "12.5"],
    ["ERP_MAX_ORDERS_PER_RUN", "0"],
    ["ERP_MAX_ORDERS_PER_RUN", "many"],
    ["ERP_IMPORT_REPEAT_WINDOW_MINUTES", "0"],
    ["ERP_IMPORT_REPEAT_WINDOW_MINUTES", "-5"],
    ["EXPORT_MAX_ROWS", "99"],
    ["EXPORT_MAX_ROWS", "1000001"],
  ])("refuses a bad %s (%s) and names it", (name, value) => {
    const problems = problemsOf({ ...good, [name]: value });
    expect(problems.length).toBeGreaterThan(0);
    expect(problems.every((p) => p.startsWith(`${name}:`))).toBe(true);
  });

  it("configures single sign-on only when it is complete", () => {
    const sso = {
      AUTH_OIDC_ISSUER: "https://idp.example.com/",
      AUTH_OIDC_CLIENT_ID: "console",
      AUTH_OIDC_CLIENT_SECRET: "s3cret",
      AUTH_OIDC_ALLOW: "boss@acme.com:admin, @acme.com:viewer",
    };
    expect(parseServerEnv({ ...good, ...sso }).sso).toEqual({
      issuer: "https://idp.example.com",
      clientId: "console",
      clientSecret: "s3cret",
      name: "SSO",
      allow: [
        { pattern: "boss@acme.com", role: "admin" },
        { pattern: "@acme.com", role: "viewer" },
      ],
      trustUnverifiedEmail: false,
    });
    expect(parseServerEnv({ ...good, ...sso, AUTH_OIDC_TRUST_UNVERIFIED_EMAIL: "1" }).sso?.trustUnverifiedEmail).toBe(true);
    expect(problemsOf({ ...good, ...sso, AUTH_OIDC_TRUST_UNVERIFIED_EMAIL: "yes" })).toEqual(["AUTH_OIDC_TRUST_UNVERIFIED_EMAIL: must be 0 or 1"]);
    expect(problemsOf({ ...good, AUTH_OIDC_ISSUER: sso.AUTH_OIDC_ISSUER })).toEqual([
      "AUTH_OIDC_CLIENT_ID: is required when single sign-on is configured",
      "AUTH_OIDC_CLIENT_SECRET: is required when single sign-on is configured",
      "AUTH_OIDC_ALLOW: is required when single sign-on is configured",
    ]);
    const bad = problemsOf({ ...good, ...sso, AUTH_OIDC_ALLOW: "acme.com:viewer,x@y.z:owner" });
    expect(bad).toHaveLength(2);
    expect(bad.every((p) => p.startsWith("AUTH_OIDC_ALLOW:"))).toBe(true);
  });

  it("requires https for the upstream unless it is on this machine", () => {
    for (const url of ["http://api.labsoffice.com", "http://10.0.0.5:4010", "http://127.0.0.1.nip.io", "http://[::ffff:10.0.0.1]", "http://localhost.example.com"]) {
      expect(problemsOf({ ...good, LABS_API_URL: url }), url).toEqual(["LABS_API_URL: must use https (http only for localhost, 127.0.0.0/8 or ::1)"]);
    }
    for (const url of ["http://127.0.0.1:4010", "http://127.1.2.3", "http://127.1:4010", "http://localhost:4010", "http://LOCALHOST", "http://[::1]:4010", "http://[0:0::1]", "https://10.0.0.5"]) {
      expect(parseServerEnv({ ...good, LABS_API_URL: url }).upstreamUrl, url).toBe(url.replace(/\/+$/, ""));
    }
  });

  it("treats empty values as unset", () => {
    expect(problemsOf({ ...good, LABS_API_TOKEN: "  " })).toEqual(["LABS_API_TOKEN: is required"]);
  });
});
