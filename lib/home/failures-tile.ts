import "server-only";
import { db } from "@/lib/store";
import { inboxGroups } from "@/lib/erp/service";
import type { InboxGroup } from "@/lib/erp/inbox/lists";
import { HOME_LIST_SIZE } from "@/lib/home/constants";

export interface FailuresTile {
  open: number;
  groups: InboxGroup[];
}

export async function failuresTile(): Promise<FailuresTile> {
  const groups = await inboxGroups(await db(), {});
  return { open: groups.reduce((n, g) => n + g.count, 0), groups: groups.slice(0, HOME_LIST_SIZE) };
}
