import "server-only";
import { processRedactor, redactSecrets, redactSecretsIn } from "@/lib/rules/secrets";

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
