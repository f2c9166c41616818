import { z } from "zod";
import { json, parseBody, withRoute } from "@/lib/http/route";
import { chooseDefaultView } from "@/lib/views/service";
import { otherMethods } from "@/lib/http/not-allowed";

export const dynamic = "force-dynamic";

// PUT /api/views/default: the member's own default view on a list (viewId null clears it).
export const PUT = withRoute("read", async ({ req, member, service }) => {
  const body = await parseBody(req, z.unknown());
  return json(await chooseDefaultView(service, member, body));
});
export const { GET, POST, PATCH, DELETE, OPTIONS } = otherMethods({ PUT });
