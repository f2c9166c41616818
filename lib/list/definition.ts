import { z } from "zod";
import { defineListBase, type ListBase, type ListBaseSpec, type ListState } from "@/lib/list/base";

// One definition per list; each field reads one URL value, and `parse(undefined)` is its default.
// The server's definition: the zod fields and the strict query schema on top of lib/list/base.ts.

export type { ListPatch, ListState, SearchParamsInput } from "@/lib/list/base";
type Fields = Record<string, z.ZodType> & { page: z.ZodType<number>; limit: z.ZodType<number> };

const blankToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);

/** An optional parameter: absent or blank (`?actor=`, as a GET form sends it) means no filter. */
export function optionalField<S extends z.ZodType>(schema: S) {
  return z.preprocess(blankToUndefined, schema.optional());
}

export function pageField(max: number) {
  return z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: "validation.pageNumber" })
      .int({ error: "validation.pageNumber" })
      .min(1, { error: "validation.pageNumber" })
      .max(max, { error: "validation.pageMax" })
      .default(1),
  );
}

export function limitField<const S extends readonly number[]>(sizes: S, fallback: S[number]) {
  return z.preprocess(
    blankToUndefined,
    z
      .string({ error: "validation.pageSize" })
      .refine((v) => sizes.some((s) => String(s) === v), { error: "validation.pageSize", params: { sizes: sizes.join(", ") } })
      .transform((v) => Number(v) as S[number])
      .default(String(fallback) as never)
      .transform((v) => Number(v) as S[number]),
  );
}

export interface ListSpec<F extends Fields> extends ListBaseSpec<F> {
  /** A rule across fields for the strict schema; `repair` is the tolerant loader's version. */
  refine?: (value: ListState<F>, ctx: z.RefinementCtx) => void;
}

export interface ListDefinition<F extends Fields> extends ListBase<F> {
  querySchema: z.ZodType<ListState<F>>;
}

export function defineList<F extends Fields>(spec: ListSpec<F>): ListDefinition<F> {
  const keys = Object.keys(spec.fields) as (keyof F & string)[];

  // Fields parse one by one so one answer names every bad parameter; `refine` sees only valid ones.
  const querySchema = z.unknown().transform((input, ctx) => {
    const raw = (typeof input === "object" && input !== null ? input : {}) as Record<string, unknown>;
    const out = {} as Record<string, unknown>;
    for (const key of Object.keys(raw)) {
      if (!Object.hasOwn(spec.fields, key)) ctx.addIssue({ code: "custom", path: [key], message: "validation.unknownParameter", params: { name: key } });
    }
    let valid = true;
    for (const key of keys) {
      const parsed = spec.fields[key]!.safeParse(Object.hasOwn(raw, key) ? raw[key] : undefined);
      if (parsed.success) out[key] = parsed.data;
      else {
        valid = false;
        for (const issue of parsed.error.issues) ctx.addIssue({ ...issue, path: [key, ...issue.path] } as z.core.$ZodRawIssue);
      }
    }
    spec.refine?.(out as ListState<F>, ctx);
    return valid ? (out as ListState<F>) : z.NEVER;
  }) as unknown as z.ZodType<ListState<F>>;

  return { ...defineListBase(spec), querySchema };
}
