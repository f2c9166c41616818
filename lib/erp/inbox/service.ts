import "server-only";
import { getConfig } from "@/lib/config";
import { db } from "@/lib/store";
import { enqueueWith } from "@/lib/erp/transfers/run-queues";
import { startTransferJobs, type ErpContext } from "@/lib/erp/service";
import { listRunChannels, toRunSummary } from "@/lib/erp/transfers/store";
import { inboxGroups, inboxPeople, openExceptionCount, openExceptionsByMeaning, resolveGroup, retryGroup } from "@/lib/erp/inbox/store";
import { runStarters } from "@/lib/erp/transfers/starters";
import type { InboxFilter, InboxGroupKey, InboxPage } from "@/lib/erp/inbox/lists";

const zoned = (filter: InboxFilter): InboxFilter => ({ ...filter, timeZone: getConfig().accountTimeZone });

export async function getFailuresInbox(filter: InboxFilter): Promise<InboxPage> {
  const conn = await db();
  const [groups, people, channels] = await Promise.all([inboxGroups(conn, zoned(filter)), inboxPeople(conn), listRunChannels(conn)]);
  return { groups, total: groups.reduce((n, g) => n + g.count, 0), people: people.map((p) => p.email), peopleNames: people, starters: runStarters(people), channels };
}

export async function getOpenExceptionCount(): Promise<number> {
  return openExceptionCount(await db());
}

export async function getOpenExceptionsByMeaning() {
  return openExceptionsByMeaning(await db());
}

const groupWords = (g: InboxGroupKey) => `${g.meaning.replace("_", " ")} orders (${g.reasonCode ?? g.reason ?? "no reason"})`;

export async function retryInboxGroup(ctx: ErpContext, idempotencyKey: string, filter: InboxFilter, group: InboxGroupKey) {
  const { erp } = getConfig();
  const boss = await startTransferJobs();
  const { run, created } = await retryGroup(await db(), {
    actor: ctx.actor,
    idempotencyKey,
    filter: zoned(filter),
    group,
    batchSize: erp.batchSize,
    maxOrdersPerRun: erp.maxOrdersPerRun,
    enqueue: enqueueWith(boss),
  });
  const summary = toRunSummary(run);
  if (created) {
    await ctx.audit({
      action: "erp.transfer",
      target: { type: "erp_transfer_run", id: run.id },
      outcome: "success",
      message: `Transfer run created from the failures inbox: ${summary.counts.total} ${groupWords(group)} sent again.`,
      details: { event: "created", origin: run.origin, from: "failures_inbox", group, filter, orders: summary.counts.total, batches: summary.totalBatches },
    });
  }
  return { run: summary, created };
}

export async function resolveInboxGroup(ctx: ErpContext, filter: InboxFilter, group: InboxGroupKey, note: string) {
  const { resolved, orderIds } = await resolveGroup(await db(), { actor: ctx.actor, filter: zoned(filter), group, note });
  if (resolved > 0) {
    await ctx.audit({
      action: "erp.resolve",
      target: { type: "erp_failures", id: group.meaning },
      outcome: "success",
      message: `Marked ${resolved} ${groupWords(group)} resolved: ${note}`,
      details: { group, filter, resolved, orderIds: orderIds.slice(0, 100), note },
    });
  }
  return { resolved };
}
