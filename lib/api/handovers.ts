import "server-only";
import type { NextRequest } from "next/server";
import { endpoint, json } from "@/lib/api/endpoint";
import { isLocale, localeFromAcceptLanguage, LOCALE_COOKIE, type Locale } from "@/lib/i18n/config";
import { handoverIdParamSchema, sendHandoverBodySchema, writeHandoverBodySchema } from "@/lib/home/schemas";
import { markRead, readHandover, readPinnedHandover, sendHandover as send, writeHandover as write } from "@/lib/home/handover-service";

// The shift handover behind /api/home/handovers: operators and admins write and send, every member reads and marks read.

export function localeOf(req: NextRequest): Locale {
  const chosen = req.cookies.get(LOCALE_COOKIE)?.value;
  return isLocale(chosen) ? chosen : localeFromAcceptLanguage(req.headers.get("accept-language"));
}

export const pinnedHandover = endpoint({ permission: "read" }, async ({ actor }) => json({ handover: await readPinnedHandover(actor.email) }));

export const writeHandover = endpoint({ permission: "erp.run", body: writeHandoverBodySchema }, async ({ req, actor, service }) =>
  json({ handover: await write({ ...service, actor }, localeOf(req)) }, { status: 201 }),
);

export const getHandover = endpoint({ permission: "read", params: handoverIdParamSchema }, async ({ params }) => json({ handover: await readHandover(params.id) }));

export const markHandoverRead = endpoint({ permission: "read", params: handoverIdParamSchema }, async ({ params, actor }) => {
  await markRead(actor.email, params.id);
  return json({ read: true });
});

export const sendHandover = endpoint({ permission: "erp.run", params: handoverIdParamSchema, body: sendHandoverBodySchema }, async ({ params, body, actor, service }) =>
  json(await send({ ...service, actor }, params.id, body.channelId)),
);
