import { z } from "zod";
import type { BaseFields, Field, ListBase, ListState } from "@/lib/list/base";

export type { ListPatch, ListState, SearchParamsInput } from "@/lib/list/base";

export interface ListDefinition<F extends BaseFields> extends ListBase<F> {
  querySchema: z.ZodType<ListState<F>>;
}

type Values<F extends Record<string, Field>> = { [K in keyof F]: F[K] extends Field<infer T> ? T : never };

const QUERY_FIELDS = new WeakMap<z.ZodType, Record<string, Field>>();

export function queryFields(schema: z.ZodType): Record<string, Field> | undefined {
  return QUERY_FIELDS.get(schema);
}

/** A query of exactly these fields; each bad one is named in the same answer, and `reject` sees only valid ones. */
export function strictQuery<F extends Record<string, Field>>(fields: F, reject?: (value: Partial<Values<F>>) => { field: string; message: string } | undefined) {
  const schema = z.unknown().transform((input, ctx) => {
    const raw = (typeof input === "object" && input !== null ? input : {}) as Record<string, unknown>;
    const out = {} as Record<string, unknown>;
    for (const key of Object.keys(raw)) {
      if (!Object.hasOwn(fields, key)) ctx.addIssue({ code: "custom", path: [key], message: "validation.unknownParameter", params: { name: key } });
    }
    let valid = true;
    for (const [key, field] of Object.entries(fields)) {
      const parsed = field.safeParse(Object.hasOwn(raw, key) ? raw[key] : undefined);
      if (parsed.success) out[key] = parsed.data;
      else {
        valid = false;
        ctx.addIssue({ code: "custom", path: [key], message: parsed.error.message, params: parsed.error.params });
      }
    }
    const rule = reject?.(out as Partial<Values<F>>);
    if (rule) ctx.addIssue({ code: "custom", path: [rule.field], message: rule.message });
    return valid && !rule ? (out as Values<F>) : z.NEVER;
  });
  QUERY_FIELDS.set(schema, fields);
  return schema;
}

export function defineList<F extends BaseFields>(list: ListBase<F>): ListDefinition<F> {
  return { ...list, querySchema: strictQuery(list.fields, list.reject as never) as unknown as z.ZodType<ListState<F>> };
}
