import type { AuditRecord } from "@/lib/activity/schemas";
import { breakerWhy, type BreakerCause } from "@/lib/hold/breaker";

/** What the store and the platform know of a target when the page is read. */
export interface TargetInfo {
  name: string | null;
  code?: string | null;
  kind?: string | null;
  orders?: number | null;
  at?: string | null;
  href?: string | null;
  deleted?: boolean;
}

export interface ActivityNames {
  /** By "type:id". */
  targets: Record<string, TargetInfo>;
  /** Member names by e-mail. */
  actors: Record<string, string>;
}

export const NO_NAMES: ActivityNames = { targets: {}, actors: {} };

type Values = Record<string, string | number>;

/** A translator at the catalogs' root, as next-intl's useTranslations() and getTranslations() give one. */
export interface RootTranslator {
  (key: string, values?: Values): string;
  has(key: string): boolean;
}

export interface Readers {
  t: RootTranslator;
  /** A time as the page shows times (account zone, reader's language). */
  when: (iso: string) => string;
}

export const targetKey = (e: Pick<AuditRecord, "targetType" | "targetId">) => (e.targetType ? `${e.targetType}:${e.targetId ?? ""}` : null);

const API_KEY_ACTOR = /^key (.+), created by .+$/;

const record = (v: unknown): Record<string, unknown> => (typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {});
const text = (v: unknown): string | null => (typeof v === "string" && v !== "" ? v : null);
const num = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);
const pick = (t: RootTranslator, key: string, fallback: string, values?: Values) => (t.has(key) ? t(key, values) : fallback);

/** The names an event carries itself (its before and after), for targets gone from the store or the platform. */
export function storedTarget(e: Pick<AuditRecord, "before" | "after" | "details">): TargetInfo {
  const after = record(e.after);
  const before = record(e.before);
  const details = record(e.details);
  return {
    name: text(after.name) ?? text(before.name),
    code: text(after.code) ?? text(before.code),
    kind: text(after.kind) ?? text(before.kind) ?? text(details.kind),
    orders: num(details.orders) ?? num(record(details.counts).total),
  };
}

/** The actor as people know them: the member's name, "key ERP sync" for an API key, else the e-mail. */
export function actorName(t: RootTranslator, e: Pick<AuditRecord, "actorEmail" | "action">, names: ActivityNames): string {
  const email = e.actorEmail;
  if (!email) return t(e.action.startsWith("auth.") ? "activity.people.someone" : "activity.people.console");
  if (email === "cli") return t("activity.people.cli");
  const key = API_KEY_ACTOR.exec(email);
  if (key) return t("activity.people.key", { name: key[1]! });
  return names.actors[email.toLowerCase()] ?? email;
}

export interface TargetView {
  text: string;
  href: string | null;
}

export function targetView(r: Readers, e: AuditRecord, names: ActivityNames): TargetView | null {
  const key = targetKey(e);
  if (!key) return null;
  const { t } = r;
  const type = e.targetType!;
  const id = e.targetId ?? "";
  const info: TargetInfo = { ...storedTarget(e), ...definedOnly(names.targets[key]) };
  const kind = (k: string | null | undefined, group: "kinds" | "scheduleKinds") => (k ? pick(t, `activity.targets.${group}.${k}`, k) : "");
  const typeLabel = pick(t, `activity.targets.types.${type}`, type);
  let label: string;
  if (type === "warehouse" && info.name) label = info.code ? t("activity.targets.warehouse", { name: info.name, code: info.code }) : info.name;
  else if (type === "erp_transfer_run")
    label = info.orders != null && info.at ? t("activity.targets.run", { count: info.orders, at: r.when(info.at) }) : t("activity.targets.runUnknown", { id: id.slice(0, 8) });
  else if (type === "schedule" && info.kind) label = t("activity.targets.schedule", { kind: kind(info.kind, "scheduleKinds") });
  else if (type === "erp_import") label = t("activity.targets.import", { kind: kind(id, "kinds") });
  else if (type === "alert_freshness_rule") label = t("activity.targets.freshness", { kind: kind(id, "kinds") });
  else if (type === "order_queue") label = t("activity.targets.queue");
  else if (type === "transfer_hold") label = t("activity.targets.hold");
  else if (type === "erp_failures") label = t("activity.targets.failures", { meaning: pick(t, `erp.meanings.${id}`, id) });
  else label = info.name ?? t("activity.targets.unnamed", { type: typeLabel, id });
  if (info.deleted) return { text: t("activity.targets.deleted", { name: label }), href: null };
  return { text: label, href: info.href ?? null };
}

/** The outcome as the run page means it: a run complete with rejections did its work, so it is no failure. */
export function eventOutcome(e: Pick<AuditRecord, "action" | "outcome" | "details">): string {
  return e.action === "erp.transfer" && record(e.details).result === "complete_with_rejections" ? "success" : e.outcome;
}

export const actionText = (t: RootTranslator, action: string) => (ACTION_KEY.test(action) ? pick(t, `activity.actions.${action}`, action) : action);
export const outcomeText = (t: RootTranslator, outcome: string) => pick(t, `activity.outcomes.${outcome}`, outcome);
export const targetTypeText = (t: RootTranslator, type: string | null) => (type ? pick(t, `activity.targets.types.${type}`, type) : "");

export function eventTexts(r: Readers, e: AuditRecord, names: ActivityNames) {
  return {
    actor: actorName(r.t, e, names),
    action: actionText(r.t, e.action),
    target: targetView(r, e, names)?.text ?? "",
    outcome: outcomeText(r.t, eventOutcome(e)),
    message: eventMessage(r, e, names),
  };
}

function definedOnly(info: TargetInfo | undefined): Partial<TargetInfo> {
  return info ? Object.fromEntries(Object.entries(info).filter(([, v]) => v !== null && v !== undefined)) : {};
}

// Only these failures record the platform's own refusal; the console's other texts are rebuilt from details.
const PLATFORM_REASONS = /^(warehouse\.|erp\.import$)/;
const ACTION_KEY = /^[a-z_]+(\.[a-z_]+)+$/;

/** An instant of the details in the reader's zone; anything else as written (other actions' from and to are roles, times of day, names). */
function whenOf(r: Readers, value: unknown): string {
  const at = text(value);
  return at && !Number.isNaN(Date.parse(at)) ? r.when(at) : (at ?? "");
}

/** The event in the reader's language, from its action, target and details; a failure keeps its recorded reason. */
export function eventMessage(r: Readers, e: AuditRecord, names: ActivityNames): string {
  const { t } = r;
  const details = record(e.details);
  const stored = storedTarget(e);
  const info = { ...stored, ...definedOnly(names.targets[targetKey(e) ?? ""]) };
  const kindCode = text(details.kind) ?? info.kind ?? (e.targetType === "erp_import" || e.targetType === "alert_freshness_rule" ? e.targetId : null);
  const values: Values = {
    actor: actorName(t, e, names),
    target: targetView(r, e, names)?.text ?? "",
    outcome: eventOutcome(e),
    count: num(details.orders) ?? num(record(details.counts).total) ?? num(details.resolved) ?? num(details.queued) ?? num(details.removed) ?? info.orders ?? 0,
    kind: kindCode ? pick(t, `activity.targets.kinds.${kindCode}`, kindCode) : "",
    scheduleKind: kindCode ? pick(t, `activity.targets.scheduleKinds.${kindCode}`, kindCode) : "",
    scope: text(details.scope) ?? "other",
    hours: num(record(e.after).hours) ?? "off",
    creator: text(details.creator) ?? "",
    rejected: num(record(details.meanings).rejected) ?? 0,
    holdReason: text(details.holdReason) ?? "",
    incident: text(details.name) ?? "",
    from: e.action === "erp.recovery" ? whenOf(r, details.from) : "",
    to: e.action === "erp.recovery" ? whenOf(r, details.to) : "",
    stopped: num(details.stoppedRuns) ?? 0,
    why: e.action === "erp.breaker" && typeof record(details.cause).kind === "string" ? breakerWhy(t, { cause: details.cause as BreakerCause, failing: num(details.failing) ?? 0, of: num(details.of) ?? 0 }) : "",
  };
  let key = ACTION_KEY.test(e.action) ? `activity.messages.${e.action}` : null;
  // Some actions read differently per event or reason (a run's start and end, a skip): the catalog holds one text for each.
  const variant =
    details.event === "completed" && details.result === "complete_with_rejections" ? "rejections" : details.event === "completed" && e.outcome !== "success" ? "attention" : String(details.event ?? details.reason);
  if (key && t.has(`${key}.other`)) key = `${key}.${t.has(`${key}.${variant}`) ? variant : "other"}`;
  else if (key && !t.has(key)) key = null;
  const message = key ? t(key, values) : t("activity.messages.fallback", { actor: String(values.actor), action: pick(t, `activity.actions.${e.action}`, e.action) });
  return eventOutcome(e) !== "success" && e.message && PLATFORM_REASONS.test(e.action) ? t("activity.messages.failedBecause", { message, reason: e.message }) : message;
}

/** A changed field's label from the catalogs: the form's for a warehouse, the trail's own for others. */
export function fieldLabel(t: RootTranslator, targetType: string | null, field: string): string {
  if (!field) return "";
  const keys = [
    targetType === "warehouse" ? `warehouses.fields.${field}` : null,
    targetType ? `activity.fields.${targetType}.${field}` : null,
    `activity.fields.common.${field}`,
  ];
  const found = keys.find((k) => k && !field.includes(".") && t.has(k));
  return found ? t(found) : field;
}

/** A value as the reader reads it: yes/no for booleans, roles by name, text as it is. */
export function fieldValue(t: RootTranslator, field: string, v: unknown): string {
  if (v === null || v === undefined) return t("activity.values.empty");
  if (typeof v === "boolean") return t(v ? "activity.values.yes" : "activity.values.no");
  if (field === "role" && typeof v === "string") return pick(t, `activity.values.roles.${v}`, v);
  if (field === "kind" && typeof v === "string") return pick(t, `activity.targets.scheduleKinds.${v}`, v);
  if (field === "language" && typeof v === "string") return pick(t, `languages.${v}`, v);
  return typeof v === "string" ? v : JSON.stringify(v);
}
