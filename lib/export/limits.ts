import { refusal } from "@/lib/i18n/validation";

export const EXPORTS_PER_MEMBER = 2;
export const EXPORTS_PER_INSTANCE = 4;
export const EXPORT_RETRY_SECONDS = 10;

// On globalThis: Next may load this module once per bundle layer, and every route must count in one place.
const g = globalThis as unknown as { consoleExports?: Map<number, number> };
const running = (g.consoleExports ??= new Map<number, number>());

const total = () => [...running.values()].reduce((a, b) => a + b, 0);

export function takeExportSlot(member: number): () => void {
  const mine = running.get(member) ?? 0;
  if (mine >= EXPORTS_PER_MEMBER) {
    throw refusal("too_many_requests", { code: "exports.tooManyMine", params: { max: String(EXPORTS_PER_MEMBER) } }, { reason: "exports_member", retryAfterSeconds: EXPORT_RETRY_SECONDS });
  }
  if (total() >= EXPORTS_PER_INSTANCE) {
    throw refusal(
      "too_many_requests",
      { code: "exports.tooManyHere", params: { max: String(EXPORTS_PER_INSTANCE), seconds: String(EXPORT_RETRY_SECONDS) } },
      { reason: "exports_instance", retryAfterSeconds: EXPORT_RETRY_SECONDS },
    );
  }
  running.set(member, mine + 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const left = (running.get(member) ?? 1) - 1;
    if (left > 0) running.set(member, left);
    else running.delete(member);
  };
}

export function runningExports(): number {
  return total();
}
