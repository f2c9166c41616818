import { sql, type Kysely, type Selectable } from "kysely";
import { createTranslator, type AbstractIntlMessages } from "use-intl/core";
import type { Database } from "@/lib/store/schema";
import type { HomeHandoversTable } from "@/lib/home/tables";
import type { Locale } from "@/lib/i18n/config";
import { messagesFor } from "@/lib/i18n/messages";
import { compiledMessagesFor } from "@/lib/i18n/compiled-messages";
import { formatDateTime } from "@/lib/i18n/datetime";
import { inboxGroups } from "@/lib/erp/service";
import { describeReason, type ReasonTranslator } from "@/lib/erp/outcomes/reasons";

// The shift handover: what happened since the writer's previous handover (at most the last SHIFT_HOURS), written in their language.

export const SHIFT_HOURS = 12;
// Under Next, use-intl is aliased to its format-only formatter (next.config.mjs), which reads compiled catalogs.
const catalog = (locale: Locale) => (process.env.NEXT_RUNTIME ? compiledMessagesFor(locale) : messagesFor(locale));
export const HANDOVER_MAX = 20_000;

export interface Handover {
  id: number;
  createdAt: string;
  author: { email: string; name: string };
  locale: Locale;
  from: string;
  to: string;
  body: string;
}

const toHandover = (r: Selectable<HomeHandoversTable>): Handover => ({
  id: r.id,
  createdAt: r.created_at.toISOString(),
  author: { email: r.author_email, name: r.author_name },
  locale: r.locale as Locale,
  from: r.shift_from.toISOString(),
  to: r.shift_to.toISOString(),
  body: r.body,
});

export async function shiftStart(conn: Kysely<Database>, email: string, now: Date): Promise<Date> {
  const floor = new Date(now.getTime() - SHIFT_HOURS * 3_600_000);
  const previous = await conn
    .selectFrom("home_handovers")
    .select("created_at")
    .where("author_email", "=", email)
    .where("created_at", ">", floor)
    .where("created_at", "<=", now)
    .orderBy("created_at", "desc")
    .limit(1)
    .executeTakeFirst();
  return previous?.created_at ?? floor;
}

export interface ComposeInput {
  author: { email: string; name: string };
  locale: Locale;
  timeZone: string;
  now: Date;
}

export async function composeHandover(conn: Kysely<Database>, input: ComposeInput): Promise<{ from: Date; to: Date; body: string }> {
  const to = input.now;
  const from = await shiftStart(conn, input.author.email, to);
  const t = createTranslator({ locale: input.locale, messages: catalog(input.locale) as AbstractIntlMessages, timeZone: input.timeZone });
  const tr = ((key: string, values?: Record<string, unknown>) => t(key as never, values as never)) as (key: string, values?: Record<string, unknown>) => string;
  const tReasons = Object.assign((key: string, values?: Record<string, unknown>) => tr(`erp.reasons.${key}`, values), { has: (key: string) => t.has(`erp.reasons.${key}` as never) }) as unknown as ReasonTranslator;
  const when = (at: Date) => formatDateTime(at, input.locale, input.timeZone);
  const [runs, groups, resolved, imports] = await Promise.all([
    conn
      .selectFrom("erp_transfer_runs")
      .select([
        (eb) => eb.fn.countAll<string>().as("runs"),
        sql<string>`coalesce(sum(total_orders), 0)`.as("orders"),
        sql<string>`coalesce(sum(transferred_count + already_count), 0)`.as("done"),
      ])
      .where("created_at", ">", from)
      .where("created_at", "<=", to)
      .executeTakeFirstOrThrow(),
    inboxGroups(conn, { timeZone: input.timeZone }),
    conn
      .selectFrom("erp_order_resolutions")
      .select(["note", "resolved_by_name", (eb) => eb.fn.countAll<string>().as("n")])
      .where("resolved_at", ">", from)
      .where("resolved_at", "<=", to)
      .groupBy(["note", "resolved_by_name"])
      .orderBy(sql`min(resolved_at)`)
      .execute(),
    conn
      .selectFrom("erp_import_runs")
      .select(["kind", "outcome", "started_by_name", "started_at"])
      .where("started_at", ">", from)
      .where("started_at", "<=", to)
      .orderBy("started_at")
      .execute(),
  ]);
  const open = groups.reduce((n, g) => n + g.count, 0);
  const lines = [
    tr("home.handover.text.heading", { from: when(from), to: when(to), name: input.author.name }),
    "",
    Number(runs.runs) === 0 ? tr("home.handover.text.noRuns") : tr("home.handover.text.runs", { count: Number(runs.runs), orders: Number(runs.orders), done: Number(runs.done) }),
    "",
    open === 0 ? tr("home.handover.text.nothingOpen") : tr("home.handover.text.open", { count: open }),
    ...groups.map((g) => tr("home.handover.text.openLine", { count: g.count, meaning: tr(`erp.meanings.${g.meaning}`), reason: describeReason(tReasons, g) || tr("erp.reasons.codes.no_reason") })),
    "",
    resolved.length === 0 ? tr("home.handover.text.nothingResolved") : tr("home.handover.text.resolved", { count: resolved.reduce((n, r) => n + Number(r.n), 0) }),
    ...resolved.map((r) => tr("home.handover.text.resolvedLine", { count: Number(r.n), name: r.resolved_by_name, note: r.note })),
    "",
    imports.length === 0 ? tr("home.handover.text.noImports") : tr("home.handover.text.imports", { count: imports.length }),
    ...imports.map((i) => tr("home.handover.text.importLine", { kind: tr(`erp.imports.kinds.${i.kind}.name`), name: i.started_by_name, when: when(i.started_at), outcome: tr(`home.handover.text.outcomes.${i.outcome}`) })),
  ];
  return { from, to, body: lines.join("\n").slice(0, HANDOVER_MAX) };
}

export async function saveHandover(conn: Kysely<Database>, input: ComposeInput): Promise<Handover> {
  const { from, to, body } = await composeHandover(conn, input);
  const row = await conn
    .insertInto("home_handovers")
    .values({ created_at: input.now, author_email: input.author.email, author_name: input.author.name, locale: input.locale, shift_from: from, shift_to: to, body })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toHandover(row);
}

export async function getHandover(conn: Kysely<Database>, id: number): Promise<Handover | undefined> {
  const row = await conn.selectFrom("home_handovers").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? toHandover(row) : undefined;
}

/** The latest handover someone else wrote, unless this member marked it read; an older unread one is not shown once a newer exists. */
export async function pinnedHandover(conn: Kysely<Database>, email: string): Promise<Handover | null> {
  const latest = await conn.selectFrom("home_handovers").selectAll().where("author_email", "<>", email).orderBy("created_at", "desc").orderBy("id", "desc").limit(1).executeTakeFirst();
  if (!latest) return null;
  const read = await conn.selectFrom("home_handover_reads").select("handover_id").where("handover_id", "=", latest.id).where("member_email", "=", email).executeTakeFirst();
  return read ? null : toHandover(latest);
}

export async function markHandoverRead(conn: Kysely<Database>, id: number, email: string, now = new Date()): Promise<boolean> {
  if (!(await getHandover(conn, id))) return false;
  await conn
    .insertInto("home_handover_reads")
    .values({ handover_id: id, member_email: email, read_at: now })
    .onConflict((oc) => oc.columns(["handover_id", "member_email"]).doNothing())
    .execute();
  return true;
}
