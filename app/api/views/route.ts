import { z } from "zod";
import { json, parseBody, parseQuery, withRoute } from "@/lib/http/route";
import { listViewsQuerySchema } from "@/lib/views/schemas";
import { createView, listViews } from "@/lib/views/service";
import { otherMethods } from "@/lib/http/not-allowed";

export const dynamic = "force-dynamic";

export const GET = withRoute("read", async ({ req, member }) => {
  const { list } = parseQuery(req, listViewsQuerySchema);
  return json(await listViews(member, list));
});

export const POST = withRoute("read", async ({ req, member, service }) => {
  const body = await parseBody(req, z.unknown());
  return json({ view: await createView(service, member, body) }, { status: 201 });
});
export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET, POST });
