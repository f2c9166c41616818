import "server-only";
import type { NextRequest } from "next/server";
import { isLocale, localeFromAcceptLanguage, LOCALE_COOKIE, type Locale } from "@/lib/i18n/config";
import { handoverIdParamSchema, sendHandoverBodySchema, writeHandoverBodySchema } from "@/lib/home/schemas";
import { markRead, readHandover, readPinnedHandover, sendHandover, writeHandover } from "@/lib/home/handover-service";
import { endpoint, json, parseBody, parseParams } from "@/lib/http/route";

// The shift handover behind /api/home/handovers: operators and admins write and send, every member reads and marks read.

type IdParams = { id: string };

function localeOf(req: NextRequest): Locale {
  const chosen = req.cookies.get(LOCALE_COOKIE)?.value;
  return isLocale(chosen) ? chosen : localeFromAcceptLanguage(req.headers.get("accept-language"));
}

export const pinnedHandoverEndpoint = endpoint("read", async ({ actor }) => json({ handover: await readPinnedHandover(actor.email) }));

export const writeHandoverEndpoint = endpoint("erp.run", async ({ req, actor, service }) => {
  await parseBody(req, writeHandoverBodySchema);
  return json({ handover: await writeHandover({ ...service, actor }, localeOf(req)) }, { status: 201 });
});

export const getHandoverEndpoint = endpoint<IdParams>("read", async ({ params }) => json({ handover: await readHandover(parseParams(params, handoverIdParamSchema).id) }));

export const readHandoverEndpoint = endpoint<IdParams>("read", async ({ params, actor }) => {
  await markRead(actor.email, parseParams(params, handoverIdParamSchema).id);
  return json({ read: true });
});

export const sendHandoverEndpoint = endpoint<IdParams>("erp.run", async ({ req, params, actor, service }) => {
  const { id } = parseParams(params, handoverIdParamSchema);
  const { channelId } = await parseBody(req, sendHandoverBodySchema);
  return json(await sendHandover({ ...service, actor }, id, channelId));
});
