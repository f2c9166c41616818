import { z } from "zod";
import { parseTargetAllowList, type AllowedTarget } from "@/lib/rules/target-allow-list";
import { parseAllowList, type AllowEntry } from "@/lib/rules/sso-allow";
import { isTimeZone } from "@/lib/rules/time-zone";
import { auditStreamUrl, optionalString, port, positiveInt, upstreamUrl, upstreamUrlLike } from "@/lib/config/env-fields";

// The configuration, validated once; no "server-only", so the start script validates it before spawning anything.

export const envSchema = z
  .object({
    LABS_API_URL: upstreamUrl,
    LABS_API_TOKEN: optionalString,
    LABS_API_TIMEOUT_MS: positiveInt(10_000, 120_000),
    LABS_DEMO_MODE: z.enum(["0", "1"]).optional(),
    AUTH_SECRET: optionalString,
    DATA_DIR: optionalString,
    DATABASE_URL: optionalString.superRefine((v, ctx) => {
      if (v !== undefined && !/^postgres(?:ql)?:\/\//.test(v)) ctx.addIssue({ code: "custom", message: "must be a postgres:// or postgresql:// URL" });
    }),
    DATABASE_POOL_SIZE: positiveInt(10, 100),
    // A silent transfer worker's run is taken over after this long; the job engine's floor is 10 s.
    JOBS_HEARTBEAT_SECONDS: positiveInt(30, 3600, 10),
    JOBS_SUPERVISE_SECONDS: positiveInt(15, 3600),
    DEMO_PASSWORD: optionalString,
    AUTH_OIDC_ISSUER: upstreamUrlLike(),
    AUTH_OIDC_CLIENT_ID: optionalString,
    AUTH_OIDC_CLIENT_SECRET: optionalString,
    AUTH_OIDC_NAME: optionalString,
    AUTH_OIDC_ALLOW: optionalString,
    AUTH_OIDC_TRUST_UNVERIFIED_EMAIL: z.enum(["0", "1"], { error: "must be 0 or 1" }).optional(),
    PORT: port(3000),
    EMULATOR_PORT: port(4010),
    ERP_TRANSFER_BATCH_SIZE: positiveInt(100, 1000),
    ERP_TRANSFER_IN_FLIGHT: positiveInt(2, 8),
    // 40,000 ids of 20 digits still fit the 1 MiB request body limit (lib/http/route.ts).
    ERP_MAX_ORDERS_PER_RUN: positiveInt(10_000, 40_000),
    ERP_IMPORT_REPEAT_WINDOW_MINUTES: positiveInt(15, 1440),
    LABS_ORDER_LIST: z.enum(["on", "off"], { error: "must be on or off" }).optional(),
    RECONCILE_SETTLE_MINUTES: positiveInt(30, 1440, 0),
    ORDER_AGE_DEADLINE_DAYS: positiveInt(7, 90),
    ORDER_AGE_WARN_DAYS: positiveInt(5, 90),
    ORDER_AGE_CRITICAL_DAYS: positiveInt(6, 90),
    WAREHOUSE_INDEX_TTL_SECONDS: positiveInt(30, 3600),
    // An .xlsx sheet holds 1,048,576 rows: the header and the note that the file was cut must fit too.
    EXPORT_MAX_ROWS: positiveInt(100_000, 1_000_000, 100),
    ACCOUNT_TIME_ZONE: optionalString.superRefine((v, ctx) => {
      if (v !== undefined && !isTimeZone(v)) ctx.addIssue({ code: "custom", message: "must be an IANA time zone, such as Europe/Istanbul" });
    }),
    ALERT_PLATFORM_SILENT_MINUTES: positiveInt(10, 1440),
    ALERT_RETRY_LIMIT: positiveInt(4, 20, 0),
    ALERT_TICK_SECONDS: positiveInt(60, 3600, 5),
    ALERT_RETRY_DELAY_SECONDS: positiveInt(5, 3600),
    ALERT_SEND_TIMEOUT_SECONDS: positiveInt(10, 120),
    ALERT_SMTP_VERIFY_TIMEOUT_SECONDS: positiveInt(5, 60),
    ALERT_ALLOWED_TARGETS: optionalString.superRefine((v, ctx) => {
      for (const problem of v === undefined ? [] : parseTargetAllowList(v).problems) ctx.addIssue({ code: "custom", message: problem });
    }),
    CONSOLE_URL: upstreamUrlLike(),
    AUTH_URL: upstreamUrlLike(),
    AUDIT_STREAM_URL: auditStreamUrl(),
    AUDIT_STREAM_SECRET: optionalString,
    AUDIT_STREAM_INTERVAL_SECONDS: positiveInt(5, 3600),
    AUDIT_STREAM_BATCH: positiveInt(500, 5000),
    AUDIT_STREAM_CA_FILE: optionalString,
    BREAKER_WINDOW_BATCHES: positiveInt(4, 100),
    BREAKER_OPEN_AFTER: positiveInt(3, 100),
    BREAKER_PROBE_SECONDS: positiveInt(180, 3600),
    BREAKER_PROBE_ORDERS: positiveInt(10, 1000),
    TRANSFER_DRAIN_BATCHES_PER_MINUTE: positiveInt(6, 600),
    TRUSTED_PROXY_HOPS: z
      .string()
      .optional()
      .transform((v, ctx) => {
        if (v === undefined || v.trim() === "") return 0;
        const n = Number(v);
        if (!Number.isInteger(n) || n < 0 || n > 10) {
          ctx.addIssue({ code: "custom", message: "must be a whole number from 0 to 10" });
          return z.NEVER;
        }
        return n;
      }),
    METRICS_TOKEN: optionalString.superRefine((v, ctx) => {
      if (v !== undefined && (v.length < 16 || /\s/.test(v))) ctx.addIssue({ code: "custom", message: "must be at least 16 characters without spaces" });
    }),
    HOST: optionalString.superRefine((v, ctx) => {
      if (v !== undefined && !/^(?:[A-Za-z0-9.-]+|[0-9A-Fa-f:.]+)$/.test(v)) {
        ctx.addIssue({ code: "custom", message: "must be a host name or an IP address, such as 127.0.0.1 or 0.0.0.0" });
      }
    }),
  })
  .superRefine((env, ctx) => {
    const sso = [env.AUTH_OIDC_ISSUER, env.AUTH_OIDC_CLIENT_ID, env.AUTH_OIDC_CLIENT_SECRET];
    if (sso.some((v) => v !== undefined)) {
      for (const name of ["AUTH_OIDC_ISSUER", "AUTH_OIDC_CLIENT_ID", "AUTH_OIDC_CLIENT_SECRET", "AUTH_OIDC_ALLOW"] as const) {
        if (env[name] === undefined) {
          ctx.addIssue({ code: "custom", path: [name], message: "is required when single sign-on is configured" });
        }
      }
    }
    if (env.AUTH_OIDC_ALLOW !== undefined) {
      for (const problem of parseAllowList(env.AUTH_OIDC_ALLOW).problems) {
        ctx.addIssue({ code: "custom", path: ["AUTH_OIDC_ALLOW"], message: problem });
      }
    }
    if (env.LABS_API_TOKEN !== undefined && /\s/.test(env.LABS_API_TOKEN)) {
      ctx.addIssue({ code: "custom", path: ["LABS_API_TOKEN"], message: "must not contain spaces" });
    }
    if (env.AUTH_SECRET !== undefined && env.AUTH_SECRET.length < 32) {
      ctx.addIssue({ code: "custom", path: ["AUTH_SECRET"], message: "must be at least 32 characters" });
    }
    if (/^https?:/i.test(env.AUDIT_STREAM_URL ?? "") && (env.AUDIT_STREAM_SECRET ?? "").length < 32) {
      ctx.addIssue({ code: "custom", path: ["AUDIT_STREAM_SECRET"], message: "must be at least 32 characters when AUDIT_STREAM_URL is an https URL" });
    }
    if (env.AUDIT_STREAM_CA_FILE !== undefined && !/^syslog\+tls:/i.test(env.AUDIT_STREAM_URL ?? "")) ctx.addIssue({ code: "custom", path: ["AUDIT_STREAM_CA_FILE"], message: "is only read with a syslog+tls:// AUDIT_STREAM_URL" });
    if (!(env.ORDER_AGE_WARN_DAYS < env.ORDER_AGE_CRITICAL_DAYS && env.ORDER_AGE_CRITICAL_DAYS <= env.ORDER_AGE_DEADLINE_DAYS)) {
      ctx.addIssue({ code: "custom", path: ["ORDER_AGE_WARN_DAYS"], message: "must be below ORDER_AGE_CRITICAL_DAYS, which must not pass ORDER_AGE_DEADLINE_DAYS" });
    }
    if (env.BREAKER_OPEN_AFTER > env.BREAKER_WINDOW_BATCHES) {
      ctx.addIssue({ code: "custom", path: ["BREAKER_OPEN_AFTER"], message: `must be at most BREAKER_WINDOW_BATCHES (${env.BREAKER_WINDOW_BATCHES}): it counts failing batches among that many` });
    }
    if (env.DEMO_PASSWORD !== undefined && env.DEMO_PASSWORD.length < 8) {
      ctx.addIssue({ code: "custom", path: ["DEMO_PASSWORD"], message: "must be at least 8 characters" });
    }
  });

export interface ConsoleConfig {
  upstreamUrl: string;
  upstreamToken: string;
  upstreamTimeoutMs: number;
  demoMode: boolean;
  authSecret: string;
  dataDir: string;
  databaseUrl: string | null;
  databasePoolSize: number;
  jobs: { heartbeatSeconds: number; superviseSeconds: number };
  demoPassword: string;
  sso: { issuer: string; clientId: string; clientSecret: string; name: string; allow: AllowEntry[]; trustUnverifiedEmail: boolean } | null;
  erp: { batchSize: number; inFlight: number; maxOrdersPerRun: number; importRepeatWindowMinutes: number };
  reconcile: { orderList: boolean; settleMinutes: number };
  orderAge: { deadlineDays: number; warnDays: number; criticalDays: number };
  warehouseIndexTtlMs: number;
  exports: { maxRows: number };
  accountTimeZone: string;
  alerts: {
    platformSilentMinutes: number;
    tickSeconds: number;
    retryLimit: number;
    retryDelaySeconds: number;
    sendTimeoutMs: number;
    smtpVerifyTimeoutMs: number;
    allowedTargets: AllowedTarget[];
  };
  consoleUrl: string;
  auditStream: { url: string; secret: string; intervalMs: number; batch: number; caFile: string | null } | null;
  breaker: { windowBatches: number; openAfter: number; probeSeconds: number; probeOrders: number; drainBatchesPerMinute: number };
  metricsToken: string | null;
}

export const DEFAULT_DEMO_PASSWORD = "demo-password";

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

export function parseServerEnv(source: Record<string, string | undefined>): ConsoleConfig {
  const parsed = envSchema.safeParse(source);
  const problems: string[] = [];
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      problems.push(`${issue.path.join(".") || "environment"}: ${issue.message}`);
    }
    throw new ConfigError(problems);
  }
  const env = parsed.data;
  if (env.LABS_API_URL === undefined) {
    problems.push("LABS_API_URL: is required (run `npm start` to use the embedded emulator)");
  }
  if (env.LABS_API_TOKEN === undefined) problems.push("LABS_API_TOKEN: is required");
  if (env.AUTH_SECRET === undefined) problems.push("AUTH_SECRET: is required (at least 32 characters)");
  if (problems.length > 0) throw new ConfigError(problems);
  return {
    upstreamUrl: env.LABS_API_URL!.replace(/\/+$/, ""),
    upstreamToken: env.LABS_API_TOKEN!,
    upstreamTimeoutMs: env.LABS_API_TIMEOUT_MS,
    demoMode: env.LABS_DEMO_MODE === "1",
    authSecret: env.AUTH_SECRET!,
    dataDir: env.DATA_DIR ?? "data",
    databaseUrl: env.DATABASE_URL ?? null,
    databasePoolSize: env.DATABASE_POOL_SIZE,
    jobs: { heartbeatSeconds: env.JOBS_HEARTBEAT_SECONDS, superviseSeconds: env.JOBS_SUPERVISE_SECONDS },
    demoPassword: env.DEMO_PASSWORD ?? DEFAULT_DEMO_PASSWORD,
    sso:
      env.AUTH_OIDC_ISSUER && env.AUTH_OIDC_CLIENT_ID && env.AUTH_OIDC_CLIENT_SECRET && env.AUTH_OIDC_ALLOW
        ? {
            issuer: env.AUTH_OIDC_ISSUER.replace(/\/+$/, ""),
            clientId: env.AUTH_OIDC_CLIENT_ID,
            clientSecret: env.AUTH_OIDC_CLIENT_SECRET,
            name: env.AUTH_OIDC_NAME ?? "SSO",
            allow: parseAllowList(env.AUTH_OIDC_ALLOW).entries,
            trustUnverifiedEmail: env.AUTH_OIDC_TRUST_UNVERIFIED_EMAIL === "1",
          }
        : null,
    reconcile: { orderList: env.LABS_ORDER_LIST !== "off", settleMinutes: env.RECONCILE_SETTLE_MINUTES },
    orderAge: { deadlineDays: env.ORDER_AGE_DEADLINE_DAYS, warnDays: env.ORDER_AGE_WARN_DAYS, criticalDays: env.ORDER_AGE_CRITICAL_DAYS },
    warehouseIndexTtlMs: env.WAREHOUSE_INDEX_TTL_SECONDS * 1000,
    exports: { maxRows: env.EXPORT_MAX_ROWS },
    accountTimeZone: env.ACCOUNT_TIME_ZONE ?? "Europe/Istanbul",
    alerts: {
      platformSilentMinutes: env.ALERT_PLATFORM_SILENT_MINUTES,
      tickSeconds: env.ALERT_TICK_SECONDS,
      retryLimit: env.ALERT_RETRY_LIMIT,
      retryDelaySeconds: env.ALERT_RETRY_DELAY_SECONDS,
      sendTimeoutMs: env.ALERT_SEND_TIMEOUT_SECONDS * 1000,
      smtpVerifyTimeoutMs: env.ALERT_SMTP_VERIFY_TIMEOUT_SECONDS * 1000,
      allowedTargets: env.ALERT_ALLOWED_TARGETS === undefined ? [] : parseTargetAllowList(env.ALERT_ALLOWED_TARGETS).entries,
    },
    auditStream: env.AUDIT_STREAM_URL
      ? { url: env.AUDIT_STREAM_URL, secret: env.AUDIT_STREAM_SECRET ?? "", intervalMs: env.AUDIT_STREAM_INTERVAL_SECONDS * 1000, batch: env.AUDIT_STREAM_BATCH, caFile: env.AUDIT_STREAM_CA_FILE ?? null }
      : null,
    consoleUrl: (env.CONSOLE_URL ?? env.AUTH_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ""),
    breaker: { windowBatches: env.BREAKER_WINDOW_BATCHES, openAfter: env.BREAKER_OPEN_AFTER, probeSeconds: env.BREAKER_PROBE_SECONDS, probeOrders: env.BREAKER_PROBE_ORDERS, drainBatchesPerMinute: env.TRANSFER_DRAIN_BATCHES_PER_MINUTE },
    metricsToken: env.METRICS_TOKEN ?? null,
    erp: {
      batchSize: env.ERP_TRANSFER_BATCH_SIZE,
      inFlight: env.ERP_TRANSFER_IN_FLIGHT,
      maxOrdersPerRun: env.ERP_MAX_ORDERS_PER_RUN,
      importRepeatWindowMinutes: env.ERP_IMPORT_REPEAT_WINDOW_MINUTES,
    },
  };
}
