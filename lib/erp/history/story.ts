import type { Meaning } from "@/lib/erp/outcomes/meanings";
import type { OrderHistory } from "@/lib/erp/history/schemas";
import { describeReason, type ReasonTranslator } from "@/lib/erp/outcomes/reasons";
import type { TransferOrigin } from "@/lib/erp/schemas";

// One order's story across runs, inbox resolutions and the order queue, oldest first; pure, for the page and its "Copy as message".

export interface StoryStop {
  by: string;
  at: string;
}

export type StoryEvent =
  | { kind: "queued"; at: string; by: string }
  | { kind: "unqueued"; at: string; by: string }
  | { kind: "run"; at: string; runId: string; origin: TransferOrigin; by: string; meaning: Meaning; reason: string | null; reasonCode: string | null; active: boolean; stop: StoryStop | null }
  | { kind: "resolved"; at: string; by: string; note: string; runId: string };

export interface OrderStory {
  orderId: string;
  events: StoryEvent[];
}

export interface StoryInput {
  history: OrderHistory;
  stops: ReadonlyMap<string, StoryStop>;
  queued: { at: string; by: string } | null;
  unqueued: readonly { at: string; by: string }[];
}

const KIND_ORDER: Record<StoryEvent["kind"], number> = { queued: 0, unqueued: 1, run: 2, resolved: 3 };

export function buildStory({ history, stops, queued, unqueued }: StoryInput): OrderStory {
  const events: StoryEvent[] = [];
  for (const r of history.runs) {
    events.push({
      kind: "run",
      at: r.runCreatedAt,
      runId: r.runId,
      origin: r.origin,
      by: r.startedBy.name || r.startedBy.email,
      meaning: r.meaning,
      reason: r.reason,
      reasonCode: r.reasonCode,
      active: r.runState === "queued" || r.runState === "running",
      stop: stops.get(r.runId) ?? null,
    });
    if (r.resolution) events.push({ kind: "resolved", at: r.resolution.at, by: r.resolution.by.name || r.resolution.by.email, note: r.resolution.note, runId: r.runId });
  }
  for (const u of unqueued) events.push({ kind: "unqueued", ...u });
  if (queued) events.push({ kind: "queued", ...queued });
  events.sort((a, b) => Date.parse(a.at) - Date.parse(b.at) || KIND_ORDER[a.kind] - KIND_ORDER[b.kind]);
  return { orderId: history.orderId, events };
}

export type StoryTranslator = (key: string, values?: Record<string, string | number>) => string;

export interface StoryTexts {
  t: StoryTranslator;
  reasons: ReasonTranslator;
  origin: (origin: TransferOrigin) => string;
  time: (iso: string) => string;
}

const bare = (text: string) => text.trim().replace(/[.!。]+$/u, "");

function runResult(e: Extract<StoryEvent, { kind: "run" }>, x: StoryTexts): string {
  const reason = bare(describeReason(x.reasons, e, e.stop ? { by: e.stop.by, at: x.time(e.stop.at) } : null));
  if (e.meaning === "not_sent" && e.active) return x.t("result.waiting");
  if (e.meaning === "not_sent" || e.meaning === "rejected" || e.meaning === "failed" || e.meaning === "unknown") {
    return reason ? x.t(`result.${e.meaning}`, { reason }) : x.t(`result.${e.meaning}Plain`);
  }
  return x.t(`result.${e.meaning}`);
}

export function storyLines(story: OrderStory, x: StoryTexts): string[] {
  return story.events.map((e) => {
    const time = x.time(e.at);
    switch (e.kind) {
      case "queued":
        return x.t("queued", { time, name: e.by });
      case "unqueued":
        return x.t("unqueued", { time, name: e.by });
      case "resolved":
        return x.t("resolved", { time, name: e.by, note: e.note });
      case "run":
        return `${x.t("run", { time, name: e.by, origin: x.origin(e.origin) })} ${runResult(e, x)}`;
    }
  });
}

/** One plain-text message for customer service: a title line, then one line per event. */
export function storyMessage(story: OrderStory, x: StoryTexts): string {
  const lines = storyLines(story, x);
  return [x.t("messageTitle", { orderId: story.orderId }), ...(lines.length ? lines.map((l) => `- ${l}`) : [x.t("empty")])].join("\n");
}
