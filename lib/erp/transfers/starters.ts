// Who or what started a run, and the run list's `by` filter: an e-mail (a member), key:<name> (an API key), or automatic (a schedule).

export const AUTOMATIC_STARTER = "automatic";
export type RunStarterKind = "person" | "key" | "automatic";

export interface RunStarter {
  by: string;
  kind: RunStarterKind;
  name: string;
}

const KEY_ACTOR = /^key (.+), created by .+$/;

export function runStarter(createdBy: { email: string; name: string }): RunStarter {
  if (!createdBy.email) return { by: AUTOMATIC_STARTER, kind: "automatic", name: createdBy.name };
  const key = KEY_ACTOR.exec(createdBy.email);
  if (key) return { by: `key:${key[1]}`, kind: "key", name: key[1]! };
  return { by: createdBy.email, kind: "person", name: createdBy.name || createdBy.email };
}

export function starterCondition(by: string): { op: "=" | "like"; value: string } {
  if (by === AUTOMATIC_STARTER) return { op: "=", value: "" };
  if (by.startsWith("key:")) return { op: "like", value: `key ${by.slice(4).replace(/[\\%_]/g, "\\$&")}, created by %` };
  return { op: "=", value: by };
}

export function runStarters(rows: readonly { email: string; name: string }[]): RunStarter[] {
  const seen = new Map<string, RunStarter>();
  for (const row of rows) {
    const s = runStarter(row);
    if (!seen.has(s.by)) seen.set(s.by, s.kind === "automatic" ? { ...s, name: "" } : s);
  }
  const order: Record<RunStarterKind, number> = { person: 0, key: 1, automatic: 2 };
  return [...seen.values()].sort((a, b) => order[a.kind] - order[b.kind] || a.name.localeCompare(b.name) || a.by.localeCompare(b.by));
}
