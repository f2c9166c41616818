import { useCallback } from "react";
import useSWR, { useSWRConfig } from "swr";
import { fetcher, sendDelete, sendJson, type ProblemError } from "@/lib/swr/fetcher";
import { ARRIVALS_KEY, CHANNELS_KEY, FRESHNESS_KEY } from "@/lib/alerts/constants";
import { channelListBase, deliveryListBase, type ChannelListState, type DeliveryListState } from "@/lib/alerts/lists";
import { useList } from "@/lib/list/client";
import type { AlertChannelView, AlertDeliveryView, ArrivalRuleBody, ArrivalRuleView, ChannelInput, ChannelList, DeliveryList, FreshnessRuleBody, FreshnessRuleView } from "@/lib/alerts/schemas";

export { CHANNELS_KEY };

export function useChannels(state: ChannelListState) {
  return useList<ChannelList>(channelListBase, state);
}

export function useDeliveries(state: DeliveryListState) {
  return useList<DeliveryList>(deliveryListBase, state, {
    refreshInterval: (data) => (data?.items.some((d) => d.status === "queued" || d.status === "retrying") ? 2000 : 15000),
  });
}

/** Every page of the channel list and of the delivery log read again: a write moves rows across pages. */
export function useRefreshAlerts() {
  const { mutate } = useSWRConfig();
  const refreshLog = useCallback(() => mutate((key) => typeof key === "string" && key.startsWith(deliveryListBase.path)), [mutate]);
  const refreshChannels = useCallback(() => mutate((key) => typeof key === "string" && key.startsWith(channelListBase.path)), [mutate]);
  return { refreshLog, refreshChannels };
}

export async function saveChannelRequest(id: string | null, body: ChannelInput): Promise<AlertChannelView> {
  const answer = await sendJson<{ channel: AlertChannelView }>(id ? `${CHANNELS_KEY}/${id}` : CHANNELS_KEY, id ? "PATCH" : "POST", body);
  return answer.channel;
}

export async function testChannelRequest(id: string): Promise<AlertDeliveryView> {
  return (await sendJson<{ delivery: AlertDeliveryView }>(`${CHANNELS_KEY}/${id}/test`, "POST")).delivery;
}

export function deleteChannelRequest(id: string): Promise<void> {
  return sendDelete(`${CHANNELS_KEY}/${id}`);
}

export async function digestChannelRequest(id: string): Promise<AlertDeliveryView> {
  return (await sendJson<{ delivery: AlertDeliveryView }>(`${CHANNELS_KEY}/${id}/digest`, "POST")).delivery;
}

export function useFreshnessRules() {
  return useSWR<{ rules: FreshnessRuleView[] }, ProblemError>(FRESHNESS_KEY, fetcher);
}

export function saveFreshnessRequest(body: FreshnessRuleBody): Promise<{ rules: FreshnessRuleView[] }> {
  return sendJson<{ rules: FreshnessRuleView[] }>(FRESHNESS_KEY, "PUT", body);
}

export function useArrivalRule() {
  return useSWR<ArrivalRuleView, ProblemError>(ARRIVALS_KEY, fetcher);
}

export function saveArrivalsRequest(body: ArrivalRuleBody): Promise<ArrivalRuleView> {
  return sendJson<ArrivalRuleView>(ARRIVALS_KEY, "PUT", body);
}
