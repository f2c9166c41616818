import "server-only";
import { processRedactor, redactSecrets, redactSecretsIn } from "@/lib/rules/secrets";
import { traceFields } from "@/lib/trace";

// One-line JSON logs; every line passes through the process's redactor, so no form of the token reaches a log.

export function registerSecret(value: string | undefined): void {
  processRedactor().add(value);
}

// Known from the first line of server code: a CSV or an alert of stored text may be a fresh process's first act.
registerSecret(process.env.LABS_API_TOKEN?.trim());
registerSecret(process.env.METRICS_TOKEN?.trim());

export const redact = redactSecrets;
export { redactSecretsIn };

type Level = "debug" | "info" | "warn" | "error";

const EMAIL = /[\w.%+-]+@[\w-]+(?:\.[\w-]+)*\.[a-z]{2,}/gi;
const snake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
/** The line's `event` when a call site names none: its message, spelled as a name. */
const eventOf = (message: string) => message.toLowerCase().replace(/[^a-z0-9]+/g, "_").replace(/^_|_$/g, "");

function entry(level: Level, message: string, fields: Record<string, unknown> = {}): Record<string, unknown> {
  const out: Record<string, unknown> = { t: new Date().toISOString(), level, event: typeof fields.event === "string" ? fields.event : eventOf(message), msg: message, ...traceFields() };
  for (const [key, value] of Object.entries(fields)) if (key !== "event") out[key === "ms" ? "duration_ms" : snake(key)] = value;
  return out;
}

function write(level: Level, message: string, fields?: Record<string, unknown>): void {
  if (level === "debug" && process.env.LOG_LEVEL !== "debug") return;
  let line: string;
  try {
    line = JSON.stringify(entry(level, message, fields));
  } catch {
    line = JSON.stringify(entry(level, message));
  }
  // Actors are logged by id: an address that reaches a line anyway (a message passed on) is cut out.
  const safe = redact(line).replace(EMAIL, "[email]");
  if (level === "error" || level === "warn") process.stderr.write(`${safe}\n`);
  else process.stdout.write(`${safe}\n`);
}

export const log = {
  debug: (m: string, f?: Record<string, unknown>) => write("debug", m, f),
  info: (m: string, f?: Record<string, unknown>) => write("info", m, f),
  warn: (m: string, f?: Record<string, unknown>) => write("warn", m, f),
  error: (m: string, f?: Record<string, unknown>) => write("error", m, f),
};
