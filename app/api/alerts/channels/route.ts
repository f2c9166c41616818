import { z } from "zod";
import { channelList } from "@/lib/alerts/schemas";
import { createChannel, listChannelPage } from "@/lib/alerts/service";
import { json, parseBody, parseQuery, withRoute } from "@/lib/http/route";
import { otherMethods } from "@/lib/http/not-allowed";
import { isLocale, localeFromAcceptLanguage, LOCALE_COOKIE } from "@/lib/i18n/config";

export const dynamic = "force-dynamic";

// Everyone reads the channels (masks only), a page at a time; admins add them.
export const GET = withRoute("read", async ({ req }) => json(await listChannelPage(parseQuery(req, channelList.querySchema))));

export const POST = withRoute("alerts.manage", async ({ req, service }) => {
  const body = await parseBody(req, z.unknown());
  const chosen = req.cookies.get(LOCALE_COOKIE)?.value;
  const creatorLanguage = isLocale(chosen) ? chosen : localeFromAcceptLanguage(req.headers.get("accept-language"));
  return json({ channel: await createChannel(service, body, creatorLanguage) }, { status: 201 });
});
export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET, POST });
