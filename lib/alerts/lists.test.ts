import { describe, expect, it } from "vitest";
import { channelListBase, deliveryListBase } from "@/lib/alerts/lists";
import { channelList, deliveryList } from "@/lib/alerts/schemas";
import { scheduleListBase } from "@/lib/schedules/lists";
import { scheduleList } from "@/lib/schedules/schemas";

// The alert and schedule lists' URL state: what the browser reads (light fields) is what the server reads (strict ones).

const CHANNEL = "0f8fe0c5-4e0a-4f39-9d53-4c8a8e6d7a10";
const CORPUS = [undefined, "", " ", "0", "1", "2", "25", "50", "100", "200", "7", "1.5", "abc", "100000", "100001", "failed", "queued", "lost", CHANNEL, CHANNEL.toUpperCase(), "0f8fe0c5-4e0a-0f39-9d53-4c8a8e6d7a10", "nope"];
const PAIRS = [
  ["channels", channelList, channelListBase],
  ["deliveries", deliveryList, deliveryListBase],
  ["schedules", scheduleList, scheduleListBase],
] as const;

describe("alert and schedule lists", () => {
  it.each(PAIRS)("%s: the browser's fields read every value as the server's do", (_, strict, light) => {
    for (const [key, field] of Object.entries(light.fields)) {
      for (const value of CORPUS) {
        const server = (strict.fields as Record<string, { safeParse: (v: unknown) => { success: boolean; data?: unknown } }>)[key]!.safeParse(value);
        const browser = field.safeParse(value);
        expect({ key, value, ok: browser.success, data: browser.success ? browser.data : undefined }).toEqual({ key, value, ok: server.success, data: server.success ? server.data : undefined });
      }
    }
    expect(light.defaults).toEqual(strict.defaults);
  });

  it("the log's filters and paging come from the URL; the channels' paging has its own keys on the same page", () => {
    const url = `?channel=${CHANNEL}&status=failed&page=3&limit=100&channelPage=2&channelLimit=25`;
    expect(deliveryListBase.load(url)).toEqual({ channel: CHANNEL, status: "failed", page: 3, limit: 100 });
    expect(channelListBase.load(url)).toEqual({ page: 2, limit: 25 });
    expect(deliveryListBase.key(deliveryListBase.load(url))).toBe(`/api/alerts/deliveries?channel=${CHANNEL}&status=failed&page=3&limit=100`);
    expect(channelListBase.key(channelListBase.load(url))).toBe("/api/alerts/channels?page=2&limit=25");
    expect(channelListBase.urlSearch({ page: 2, limit: 25 })).toBe("?channelPage=2&channelLimit=25");
    // A bookmark with a bad value opens the unfiltered first page, not an error.
    expect(deliveryListBase.load("?channel=nope&status=lost&page=0&limit=7")).toEqual(deliveryListBase.defaults);
    expect(deliveryListBase.defaults).toEqual({ channel: undefined, status: undefined, page: 1, limit: 50 });
  });

  it("a filter change goes back to the first page; clearing one removes it from the URL", () => {
    const current = { channel: CHANNEL, status: "failed" as const, page: 4, limit: 50 as const };
    expect(deliveryListBase.update(current, { status: "delivered" })).toEqual({ status: "delivered", page: null });
    expect(deliveryListBase.update(current, { channel: undefined })).toEqual({ channel: null, page: null });
    expect(deliveryListBase.isFiltered(current)).toBe(true);
    expect(deliveryListBase.isFiltered({ ...deliveryListBase.defaults, page: 2 })).toBe(false);
    expect(scheduleListBase.update({ page: 3, limit: 50 }, { limit: 100 })).toEqual({ limit: 100, page: null });
  });
});
