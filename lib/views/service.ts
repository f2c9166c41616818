import "server-only";
import type { ServiceContext } from "@/lib/audit";
import { can, requirePermission } from "@/lib/auth/roles";
import type { CurrentMember } from "@/lib/auth/session";
import { takeSlot } from "@/lib/auth/throttle";
import { db } from "@/lib/store";
import { isCatalogKey, issueCode, refusal, validationFailed, validationMessage } from "@/lib/i18n/validation";
import { DomainError, type TextCode } from "@/lib/rules/problems";
import { viewHref, type SavedViewList } from "@/lib/views/lists";
import { canonicalViewQuery } from "@/lib/views/query";
import {
  createViewBodySchema,
  setDefaultViewBodySchema,
  updateViewBodySchema,
  type CreateViewBody,
  type SavedView,
  type SetDefaultViewBody,
  type UpdateViewBody,
  type SavedViewsAnswer,
} from "@/lib/views/schemas";
import { canEditView, deleteView, findDefaultView, findVisibleView, insertView, listVisibleViews, nameTaken, setDefaultView, updateView, viewFromRow } from "@/lib/views/store";
import type { SavedViewRow } from "@/lib/views/tables";

type Member = Pick<CurrentMember, "id" | "email" | "name" | "role">;

export const VIEWS_PER_MEMBER = 100;
export const VIEW_WRITES = { limit: 30, windowMs: 60_000 };

function fieldProblem(fields: Record<string, TextCode>): DomainError {
  return validationFailed(Object.fromEntries(Object.entries(fields).map(([f, text]) => [f, [text]])), { where: "body" });
}

// Typed by shape, not by zod's types: this module's messages are audit texts, not schema messages.
type Issue = { code: string; path: readonly PropertyKey[]; message: string; keys?: string[] };
type Parsed<T> = { success: true; data: T } | { success: false; error: { issues: readonly Issue[] } };

function parseBody<T>(schema: { safeParse: (json: unknown) => unknown }, json: unknown): T {
  const parsed = schema.safeParse(json) as Parsed<T>;
  if (parsed.success) return parsed.data;
  const fields: Record<string, TextCode> = {};
  for (const issue of parsed.error.issues) {
    const unknownKeys = issue.code === "unrecognized_keys" ? (issue.keys ?? []) : [];
    for (const key of unknownKeys) fields[key] ??= { code: "validation.views.unknownField", params: { name: key } };
    if (unknownKeys.length) continue;
    const field = String(issue.path[0] ?? "_");
    const code = isCatalogKey(issue.message) ? issue.message : field === "name" ? "validation.views.nameRequired" : "validation.views.invalid";
    fields[field] ??= { code };
  }
  throw fieldProblem(fields);
}

function checkedQuery(list: SavedViewList, query: string): string {
  const result = canonicalViewQuery(list, query);
  if (result.ok) return result.query;
  const codes = result.issues.map((i) => issueCode(i));
  const english = result.issues.map((i) => `${i.param}: ${validationMessage(i)}`);
  throw validationFailed({ query: codes }, { detail: `Invalid body: check query (${english.join(" ")})`, english: { query: english } });
}

const isUniqueViolation = (error: unknown) => typeof error === "object" && error !== null && (error as { code?: unknown }).code === "23505";
const nameTakenProblem = () => fieldProblem({ name: { code: "validation.views.nameTaken" } });

// Every member reads the trail: a personal view's filters stay its owner's, only its name is recorded.
const auditShape = (row: SavedViewRow) =>
  row.shared
    ? { list: row.list, name: row.name, query: row.query, shared: true, owner: row.owner_email }
    : { list: row.list, name: row.name, shared: false, owner: row.owner_email };

async function limitWrites(member: Member): Promise<void> {
  const slot = await takeSlot(await db(), `views:${member.id}`, VIEW_WRITES.limit, VIEW_WRITES.windowMs);
  if (slot.ok) return;
  const seconds = Math.max(1, Math.ceil(slot.retryAfterMs / 1000));
  throw refusal("too_many_requests", { code: "validation.views.tooFast", params: { seconds: String(seconds) } }, { reason: "view_writes", retryAfterSeconds: seconds });
}

const tooManyViews = () =>
  refusal("conflict", { code: "validation.views.tooMany", params: { max: String(VIEWS_PER_MEMBER) } }, { reason: "view_limit", limit: VIEWS_PER_MEMBER });

export async function listViews(member: Member, list: SavedViewList): Promise<SavedViewsAnswer> {
  const store = await db();
  const [rows, fallback] = await Promise.all([listVisibleViews(store, list, member.id), findDefaultView(store, list, member.id)]);
  return { items: rows.map((r) => viewFromRow(r, member)), defaultId: fallback?.id ?? null, canPublish: can(member.role, "views.publish") };
}

export async function defaultViewHref(member: Member, list: SavedViewList): Promise<string | null> {
  const view = await findDefaultView(await db(), list, member.id);
  return view ? viewHref(list, view.query) : null;
}

export async function createView(ctx: ServiceContext, member: Member, json: unknown): Promise<SavedView> {
  const body = parseBody<CreateViewBody>(createViewBodySchema, json);
  if (body.shared) requirePermission(member.role, "views.publish");
  const query = checkedQuery(body.list, body.query);
  const store = await db();
  if (await nameTaken(store, { list: body.list, name: body.name, ownerId: member.id, shared: body.shared })) throw nameTakenProblem();
  await limitWrites(member);
  let row: SavedViewRow | null;
  try {
    row = await insertView(store, { list: body.list, name: body.name, query, shared: body.shared, owner: member }, VIEWS_PER_MEMBER);
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTakenProblem();
    throw error;
  }
  if (!row) throw tooManyViews();
  await ctx.audit({
    action: "view.create",
    target: { type: "saved_view", id: row.id },
    outcome: "success",
    message: `${body.shared ? "Team" : "Personal"} view saved on ${body.list}: ${row.name}.`,
    after: auditShape(row),
  });
  if (body.isDefault) await applyDefault(ctx, member, body.list, row);
  return viewFromRow(row, member);
}

async function visible(member: Member, id: string): Promise<SavedViewRow> {
  const row = await findVisibleView(await db(), id, member.id);
  if (!row) throw new DomainError("not_found", "There is no such saved view.");
  return row;
}

function requireEditor(member: Member, row: SavedViewRow): void {
  if (canEditView(row, member)) return;
  if (row.shared) requirePermission(member.role, "views.publish");
  throw new DomainError("forbidden", "Only the member who saved this view may change it.");
}

export async function changeView(ctx: ServiceContext, member: Member, id: string, json: unknown): Promise<SavedView> {
  const saved = await visible(member, id);
  const body = parseBody<UpdateViewBody>(updateViewBodySchema, json);
  requireEditor(member, saved);
  const publishing = body.shared !== undefined && body.shared !== saved.shared;
  if (publishing) requirePermission(member.role, "views.publish");
  const list = saved.list as SavedViewList;
  const query = body.query !== undefined ? checkedQuery(list, body.query) : undefined;
  const name = body.name ?? saved.name;
  const shared = body.shared ?? saved.shared;
  const store = await db();
  if ((body.name !== undefined || publishing) && (await nameTaken(store, { list, name, ownerId: saved.owner_id, shared, exceptId: id }))) throw nameTakenProblem();
  await limitWrites(member);
  let row: SavedViewRow;
  try {
    row = await updateView(store, id, { name: body.name, query, shared: body.shared }, member.email);
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTakenProblem();
    throw error;
  }
  const edited = row.name !== saved.name || row.query !== saved.query;
  if (edited || !publishing) {
    await ctx.audit({
      action: "view.update",
      target: { type: "saved_view", id },
      outcome: "success",
      message: row.name !== saved.name ? `Saved view renamed: ${saved.name} → ${row.name}.` : `Saved view updated: ${row.name}.`,
      before: auditShape(saved),
      after: auditShape(row),
    });
  }
  if (publishing) {
    await ctx.audit({
      action: shared ? "view.publish" : "view.unpublish",
      target: { type: "saved_view", id },
      outcome: "success",
      message: shared ? `Saved view published to the team: ${row.name}.` : `Saved view taken back from the team: ${row.name}.`,
      before: auditShape(saved),
      after: auditShape(row),
    });
  }
  return viewFromRow(row, member);
}

export async function removeView(ctx: ServiceContext, member: Member, id: string): Promise<void> {
  const saved = await visible(member, id);
  requireEditor(member, saved);
  await limitWrites(member);
  await deleteView(await db(), id);
  await ctx.audit({
    action: "view.delete",
    target: { type: "saved_view", id },
    outcome: "success",
    message: `Saved view deleted: ${saved.name}.`,
    before: auditShape(saved),
  });
}

async function applyDefault(ctx: ServiceContext, member: Member, list: SavedViewList, row: SavedViewRow | null): Promise<void> {
  await setDefaultView(await db(), list, member.id, row?.id ?? null);
  await ctx.audit({
    action: "view.default",
    target: row ? { type: "saved_view", id: row.id } : null,
    outcome: "success",
    message: row ? `Default view on ${list} set: ${row.name}.` : `Default view on ${list} cleared.`,
    details: { list, viewId: row?.id ?? null },
  });
}

export async function chooseDefaultView(ctx: ServiceContext, member: Member, json: unknown): Promise<SavedViewsAnswer> {
  const body = parseBody<SetDefaultViewBody>(setDefaultViewBodySchema, json);
  let row: SavedViewRow | null = null;
  if (body.viewId !== null) {
    row = await visible(member, body.viewId);
    if (row.list !== body.list) throw fieldProblem({ viewId: { code: "validation.views.otherList" } });
  }
  await limitWrites(member);
  await applyDefault(ctx, member, body.list, row);
  return listViews(member, body.list);
}
