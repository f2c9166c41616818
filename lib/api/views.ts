import "server-only";
import { z } from "zod";
import { endpoint, json } from "@/lib/api/endpoint";
import { listViewsQuerySchema, viewIdSchema } from "@/lib/views/schemas";
import { changeView, chooseDefaultView, createView, listViews as listSaved, removeView } from "@/lib/views/service";

export const listViews = endpoint({ permission: "read", session: true, query: listViewsQuerySchema }, async ({ query, member }) => json(await listSaved(member, query.list)));

export const saveView = endpoint({ permission: "read", session: true, body: z.unknown() }, async ({ body, member, service }) =>
  json({ view: await createView(service, member, body) }, { status: 201 }),
);

// PATCH /api/views/:id: rename, update the query, publish or take back (own views; team views are the admins').
export const updateView = endpoint({ permission: "read", session: true, params: viewIdSchema, body: z.unknown() }, async ({ params, body, member, service }) =>
  json({ view: await changeView(service, member, params.id, body) }),
);

// DELETE /api/views/:id: own views; admins also team views.
export const deleteView = endpoint({ permission: "read", session: true, params: viewIdSchema }, async ({ params, member, service }) => {
  await removeView(service, member, params.id);
  return new Response(null, { status: 204 });
});

// PUT /api/views/default: the member's own default view on a list (viewId null clears it).
export const chooseDefault = endpoint({ permission: "read", session: true, body: z.unknown() }, async ({ body, member, service }) => json(await chooseDefaultView(service, member, body)));
