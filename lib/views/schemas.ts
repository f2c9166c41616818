import { z } from "zod";
import { hasControlCharacters } from "@/lib/rules/text";
import { SAVED_VIEW_LISTS, VIEW_QUERY_MAX, type SavedViewList } from "@/lib/views/lists";

export { VIEWS_API, viewsKey } from "@/lib/views/lists";
export const VIEW_NAME_MAX = 60;

export const viewListSchema = z.enum(SAVED_VIEW_LISTS, { error: "validation.views.list" });

export const viewNameSchema = z
  .string({ error: "validation.views.nameRequired" })
  .transform((v) => v.trim())
  .pipe(
    z
      .string()
      .min(1, { error: "validation.views.nameRequired" })
      .max(VIEW_NAME_MAX, { error: "validation.views.nameTooLong" })
      .refine((v) => !hasControlCharacters(v), { error: "validation.views.nameControl" }),
  );

const querySchema = z.string({ error: "validation.views.query" }).max(VIEW_QUERY_MAX, { error: "validation.views.queryTooLong" });

export const createViewBodySchema = z.strictObject({
  list: viewListSchema,
  name: viewNameSchema,
  query: querySchema,
  shared: z.boolean({ error: "validation.views.flag" }).optional().default(false),
  isDefault: z.boolean({ error: "validation.views.flag" }).optional().default(false),
});

export const updateViewBodySchema = z
  .strictObject({
    name: viewNameSchema.optional(),
    query: querySchema.optional(),
    shared: z.boolean({ error: "validation.views.flag" }).optional(),
  })
  .refine((v) => v.name !== undefined || v.query !== undefined || v.shared !== undefined, { error: "validation.views.nothingToChange" });

export const setDefaultViewBodySchema = z.strictObject({
  list: viewListSchema,
  viewId: z.uuid({ error: "validation.views.viewId" }).nullable(),
});

export const listViewsQuerySchema = z.strictObject({ list: viewListSchema });
export const viewIdSchema = z.object({ id: z.uuid({ error: "validation.views.viewId" }) });

export type CreateViewBody = z.infer<typeof createViewBodySchema>;
export type CreateViewInput = z.input<typeof createViewBodySchema>;
export type UpdateViewBody = z.infer<typeof updateViewBodySchema>;
export type SetDefaultViewBody = z.infer<typeof setDefaultViewBodySchema>;

export interface SavedView {
  id: string;
  list: SavedViewList;
  name: string;
  query: string;
  href: string;
  shared: boolean;
  owner: { id: number; email: string; name: string };
  editable: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface SavedViewsAnswer {
  items: SavedView[];
  defaultId: string | null;
  canPublish: boolean;
}

