import "server-only";
import { tokenForms } from "@/lib/upstream/client";

// Structured one-line logs. Every line passes through redact(): the upstream token (and its
// bearer, URL-encoded and base64 forms) can never reach a log, whatever a caller passes in.

const secrets = new Set<string>();
// Longest first, so that a shorter form never cuts a longer one in two.
let ordered: string[] = [];

/** Registers a value that must never appear in a log line, in the same forms the upstream client scrubs. */
export function registerSecret(value: string | undefined): void {
  if (!value || value.length < 4) return;
  for (const form of [value, encodeURIComponent(value), ...tokenForms(value)]) secrets.add(form);
  ordered = [...secrets].sort((a, b) => b.length - a.length);
}

export function redact(text: string): string {
  let out = text;
  for (const s of ordered) {
    if (out.includes(s)) out = out.split(s).join("[redacted]");
  }
  return out.replace(/(bearer\s+)[^\s"',]+/gi, "$1[redacted]");
}

type Level = "debug" | "info" | "warn" | "error";

function write(level: Level, message: string, fields?: Record<string, unknown>): void {
  if (level === "debug" && process.env.LOG_LEVEL !== "debug") return;
  let line: string;
  try {
    line = JSON.stringify({ t: new Date().toISOString(), level, msg: message, ...fields });
  } catch {
    line = JSON.stringify({ t: new Date().toISOString(), level, msg: message });
  }
  const safe = redact(line);
  if (level === "error" || level === "warn") process.stderr.write(`${safe}\n`);
  else process.stdout.write(`${safe}\n`);
}

export const log = {
  debug: (m: string, f?: Record<string, unknown>) => write("debug", m, f),
  info: (m: string, f?: Record<string, unknown>) => write("info", m, f),
  warn: (m: string, f?: Record<string, unknown>) => write("warn", m, f),
  error: (m: string, f?: Record<string, unknown>) => write("error", m, f),
};
