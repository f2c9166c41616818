import "server-only";
import type { Keyed } from "@/lib/list/client";
import { log } from "@/lib/log";

/** A list page's first pages, keyed as the browser's SWR asks for them; none when one cannot be read (the browser asks and shows the error). */
export async function prefetchPages<R extends object>(what: string, pages: Record<string, () => Promise<R>>): Promise<Record<string, Keyed<R>>> {
  try {
    const read = await Promise.all(Object.entries(pages).map(async ([key, load]) => [key, { ...(await load()), key }] as const));
    return Object.fromEntries(read);
  } catch (error) {
    log.warn(`${what} prefetch failed`, { event: "list.prefetch_failed", list: what, error: String(error) });
    return {};
  }
}
