import { z } from "zod";

// The field types the configuration is read with: trimmed text, ports, bounded whole numbers, upstream addresses.

export const optionalString = z
  .string()
  .transform((v) => v.trim())
  .optional()
  .transform((v) => (v === "" ? undefined : v));

export const port = (fallback: number) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === "") return fallback;
      const n = Number(v);
      if (!Number.isInteger(n) || n < 0 || n > 65535) {
        ctx.addIssue({ code: "custom", message: "must be a whole number from 0 to 65535" });
        return z.NEVER;
      }
      return n;
    });

export const positiveInt = (fallback: number, max: number, min = 1) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === "") return fallback;
      const n = Number(v);
      if (!Number.isInteger(n) || n < min || n > max) {
        ctx.addIssue({ code: "custom", message: `must be a whole number from ${min} to ${max}` });
        return z.NEVER;
      }
      return n;
    });

export function upstreamUrlLike() {
  return optionalString.superRefine((v, ctx) => {
    if (v === undefined) return;
    try {
      const url = new URL(v);
      if (url.protocol !== "http:" && url.protocol !== "https:") throw new Error();
    } catch {
      ctx.addIssue({ code: "custom", message: "must be an absolute http(s) URL" });
    }
  });
}

function isLoopback(hostname: string): boolean {
  return hostname === "localhost" || hostname === "[::1]" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname);
}

export const upstreamUrl = optionalString.superRefine((v, ctx) => {
  if (v === undefined) return;
  let url: URL;
  try {
    url = new URL(v);
  } catch {
    ctx.addIssue({ code: "custom", message: "must be an absolute http(s) URL" });
    return;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    ctx.addIssue({ code: "custom", message: "must use http or https" });
  }
  // The token travels in every request: plain http only where it never leaves the machine.
  if (url.protocol === "http:" && !isLoopback(url.hostname)) {
    ctx.addIssue({ code: "custom", message: "must use https (http only for localhost, 127.0.0.0/8 or ::1)" });
  }
  if (/\/v1\/?$/.test(url.pathname)) {
    ctx.addIssue({ code: "custom", message: "must be the base URL without /v1" });
  }
  if (url.username || url.password) {
    ctx.addIssue({ code: "custom", message: "must not carry credentials; use LABS_API_TOKEN" });
  }
});

export const isSyslogUrl = (v: string | undefined): boolean => v !== undefined && /^syslog\+(?:tls|tcp):/i.test(v);

/** An https receiver, or syslog as RFC 5424 messages over TLS (RFC 5425) or plain TCP (RFC 6587): a host and a port, nothing more. */
export function auditStreamUrl() {
  return optionalString.superRefine((v, ctx) => {
    if (v === undefined) return;
    let url: URL | null = null;
    try {
      url = new URL(v);
    } catch {}
    const problem =
      url === null || !["http:", "https:", "syslog+tls:", "syslog+tcp:"].includes(url.protocol)
        ? "must be an https URL, syslog+tls://host:port or syslog+tcp://host:port"
        : !isSyslogUrl(v)
          ? null
          : !/^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])$/.test(url.hostname) || !(Number(url.port) > 0)
            ? "must name a host and a port, such as syslog+tls://siem.example.com:6514"
            : url.username || url.password || !["", "/"].includes(url.pathname) || url.search || url.hash
              ? "must be syslog+tls://host:port or syslog+tcp://host:port, without credentials, path or query"
              : null;
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });
}
