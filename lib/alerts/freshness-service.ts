import "server-only";
import type { ServiceContext } from "@/lib/audit";
import { db } from "@/lib/store";
import { validationFailed } from "@/lib/i18n/validation";
import { ERP_IMPORT_KINDS } from "@/lib/erp/lists";
import { freshnessRuleBodySchema, type FreshnessRuleView } from "@/lib/alerts/schemas";

// Freshness rules per import kind (admins set them, everyone reads them); off unless set.

export async function listFreshnessRules(): Promise<FreshnessRuleView[]> {
  const rows = await (await db()).selectFrom("alert_freshness_rules").selectAll().execute();
  return ERP_IMPORT_KINDS.map((kind) => {
    const row = rows.find((r) => r.kind === kind);
    return { kind, hours: row?.hours ?? null, alertedAt: row?.alerted_at?.toISOString() ?? null, updatedAt: row?.updated_at.toISOString() ?? null, updatedBy: row?.updated_by_email ?? null };
  });
}

export async function setFreshnessRule(ctx: ServiceContext, json: unknown): Promise<FreshnessRuleView[]> {
  const parsed = freshnessRuleBodySchema.safeParse(json);
  if (!parsed.success) {
    const fields: Record<string, { code: string }[]> = {};
    for (const issue of parsed.error.issues) fields[String(issue.path[0] ?? "_")] ??= [{ code: issue.message.startsWith("validation.") ? issue.message : "validation.alerts.freshnessHours" }];
    throw validationFailed(fields, { detail: "Check the highlighted fields." });
  }
  const { kind, hours } = parsed.data;
  const conn = await db();
  const before = (await listFreshnessRules()).find((r) => r.kind === kind)?.hours ?? null;
  if (hours === null) await conn.deleteFrom("alert_freshness_rules").where("kind", "=", kind).execute();
  else {
    // A changed rule starts a new spell: its alert may come again.
    const row = { kind, hours, alerted_at: null, updated_at: new Date(), updated_by_email: ctx.actor.email };
    await conn.insertInto("alert_freshness_rules").values(row).onConflict((oc) => oc.column("kind").doUpdateSet(row)).execute();
  }
  await ctx.audit({
    action: "alert_freshness.update",
    target: { type: "alert_freshness_rule", id: kind },
    outcome: "success",
    message: hours === null ? `Freshness rule turned off: ${kind} imports.` : `Freshness rule set: an alert when no ${kind} import starts for ${hours} hours.`,
    before: { hours: before },
    after: { hours },
  });
  return listFreshnessRules();
}
