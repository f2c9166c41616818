import "server-only";
import { z } from "zod";
import { endpoint, json } from "@/lib/api/endpoint";
import { localeOf } from "@/lib/api/handovers";
import { listFreshnessRules, setFreshnessRule } from "@/lib/alerts/freshness-service";
import { arrivalRule, setArrivalRule } from "@/lib/alerts/arrivals-service";
import { arrivalRuleBodySchema, arrivalRuleView, channelIdSchema, channelList, deliveryList } from "@/lib/alerts/schemas";
import { changeChannel, createChannel, digestChannelNow, listChannelPage, listChannelViews, listDeliveryViews, removeChannel, testChannel } from "@/lib/alerts/service";
import { DomainError } from "@/lib/rules/problems";

const channelParams = channelIdSchema;

export const listChannels = endpoint({ permission: "read", query: channelList.querySchema }, async ({ query }) => json(await listChannelPage(query)));

export const addChannel = endpoint({ permission: "alerts.manage", body: z.unknown() }, async ({ req, body, service }) =>
  json({ channel: await createChannel(service, body, localeOf(req)) }, { status: 201 }),
);

export const getChannel = endpoint({ permission: "read", params: channelParams }, async ({ params }) => {
  const channel = (await listChannelViews()).find((c) => c.id === params.id);
  if (!channel) throw new DomainError("not_found", "There is no such alert channel.");
  return json({ channel });
});

export const updateChannel = endpoint({ permission: "alerts.manage", params: channelParams, body: z.unknown() }, async ({ params, body, service }) =>
  json({ channel: await changeChannel(service, params.id, body) }),
);

export const deleteChannel = endpoint({ permission: "alerts.manage", params: channelParams }, async ({ params, service }) => {
  await removeChannel(service, params.id);
  return new Response(null, { status: 204 });
});

// Queues a test delivery; its result is read from the delivery log.
export const testChannelNow = endpoint({ permission: "alerts.manage", params: channelParams }, async ({ params, service }) =>
  json({ delivery: await testChannel(service, params.id) }, { status: 202 }),
);

// Queues a digest channel's summary so far, outside its schedule; its result is read from the delivery log.
export const digestNow = endpoint({ permission: "alerts.manage", session: true, params: channelParams }, async ({ params, service, member }) =>
  json({ delivery: await digestChannelNow(service, params.id, member.name) }, { status: 202 }),
);

// The delivery log, newest first, a page at a time; everyone may read it, receivers' answers only admins.
export const listDeliveries = endpoint({ permission: "read", session: true, query: deliveryList.querySchema }, async ({ query, member }) => json(await listDeliveryViews(query, member)));

export const freshnessRules = endpoint({ permission: "read" }, async () => json({ rules: await listFreshnessRules() }));

export const setFreshness = endpoint({ permission: "alerts.manage", body: z.unknown() }, async ({ body, service }) => json({ rules: await setFreshnessRule(service, body) }));

export const arrivalRules = endpoint({ permission: "read", answer: { 200: { description: "The pushed-order rules and what they see now", schema: arrivalRuleView } } }, async () => json(await arrivalRule()));

export const setArrivals = endpoint({ permission: "alerts.manage", body: arrivalRuleBodySchema, answer: { 200: { description: "The rules as saved", schema: arrivalRuleView } } }, async ({ body, service }) => json(await setArrivalRule(service, body)));
