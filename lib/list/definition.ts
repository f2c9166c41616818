import { createParser } from "nuqs/server";
import { z } from "zod";

// One definition per list; each field reads one URL value, and `parse(undefined)` is its default.

export type SearchParamsInput = Record<string, string | string[] | null | undefined>;
type Fields = Record<string, z.ZodType> & { page: z.ZodType<number>; limit: z.ZodType<number> };
export type ListState<F extends Fields> = { [K in keyof F]: z.output<F[K]> };
export type ListPatch<F extends Fields> = Partial<Omit<ListState<F>, "page">> | { page: number };
type Update<F extends Fields> = { [K in keyof F]?: z.output<F[K]> | null };

const PAGING = new Set(["page", "limit"]);
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

export interface ListSpec<F extends Fields> {
  path: string;
  fields: F;
  pageSizes: readonly number[];
  /** The fields that narrow the list (sort and paging do not); all non-paging fields by default. */
  filters?: readonly (keyof F & string)[];
  /** URL keys where the page's differ from the API's (two lists on one page). */
  urlKeys?: Partial<Record<keyof F & string, string>>;
  /** A rule across fields for the strict schema; `repair` is the tolerant loader's version. */
  refine?: (value: ListState<F>, ctx: z.RefinementCtx) => void;
  repair?: (value: ListState<F>) => ListState<F>;
  /** The value sent to the API when it differs from the URL's (a search trimmed). */
  apiValue?: Partial<{ [K in keyof F]: (value: z.output<F[K]>) => z.output<F[K]> }>;
}

export interface ListDefinition<F extends Fields> {
  path: string;
  fields: F;
  pageSizes: readonly number[];
  defaults: ListState<F>;
  urlKeys: Partial<Record<keyof F & string, string>>;
  querySchema: z.ZodType<ListState<F>>;
  load: (input: SearchParamsInput | URLSearchParams | string) => ListState<F>;
  urlSearch: (state: ListState<F>) => string;
  parsers: { [K in keyof F]: ReturnType<typeof makeParser<z.output<F[K]>>> };
  normalize: (raw: { [K in keyof F]?: z.output<F[K]> | null }) => ListState<F>;
  search: (state: Partial<ListState<F>>, options?: { paging?: boolean }) => string;
  key: (state: ListState<F>) => string;
  href: (suffix: string, state: Partial<ListState<F>>) => string;
  /** The URL update for a change: filters, sort and size go back to page 1; null is a default. */
  update: (current: ListState<F>, patch: ListPatch<F>) => Update<F>;
  isFiltered: (state: ListState<F>) => boolean;
}

function makeParser<T>(schema: z.ZodType, fallback: T) {
  const parser = createParser<NonNullable<T>>({
    parse: (v) => {
      const parsed = schema.safeParse(v);
      return parsed.success && parsed.data !== undefined ? (parsed.data as NonNullable<T>) : null;
    },
    serialize: (v) => String(v),
  });
  return fallback === undefined ? parser : parser.withDefault(fallback as NonNullable<T>);
}

function firstValue(value: string | string[] | null | undefined): string | undefined {
  return (Array.isArray(value) ? value[0] : value) ?? undefined;
}

export function defineList<F extends Fields>(spec: ListSpec<F>): ListDefinition<F> {
  const keys = Object.keys(spec.fields) as (keyof F & string)[];
  const filters = spec.filters ?? keys.filter((k) => !PAGING.has(k));
  const urlKeys: Partial<Record<keyof F & string, string>> = spec.urlKeys ?? {};
  const defaults = Object.fromEntries(keys.map((k) => [k, spec.fields[k]!.parse(undefined)])) as ListState<F>;

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

  const load = (input: SearchParamsInput | URLSearchParams | string): ListState<F> => {
    const params = typeof input === "string" ? new URLSearchParams(input) : input;
    const read = (key: string) => (params instanceof URLSearchParams ? (params.get(key) ?? undefined) : firstValue(params[key]));
    const out = {} as Record<string, unknown>;
    for (const key of keys) {
      const parsed = spec.fields[key]!.safeParse(read(urlKeys[key] ?? key));
      out[key] = parsed.success ? parsed.data : defaults[key];
    }
    return spec.repair ? spec.repair(out as ListState<F>) : (out as ListState<F>);
  };

  const parsers = Object.fromEntries(keys.map((k) => [k, makeParser(spec.fields[k]!, defaults[k])])) as ListDefinition<F>["parsers"];

  const normalize = (raw: { [K in keyof F]?: z.output<F[K]> | null }): ListState<F> => {
    const out = Object.fromEntries(keys.map((k) => [k, raw[k] ?? defaults[k]])) as ListState<F>;
    return spec.repair ? spec.repair(out) : out;
  };

  const search = (state: Partial<ListState<F>>, { paging = true } = {}): string => {
    const params = new URLSearchParams();
    for (const key of keys) {
      if (!paging && PAGING.has(key)) continue;
      let value = state[key];
      const toApi = spec.apiValue?.[key];
      if (value !== undefined && toApi) value = toApi(value);
      if (value === undefined || value === null || value === "" || value === defaults[key]) continue;
      params.set(key, String(value));
    }
    return params.toString();
  };
  const withSearch = (path: string, query: string) => (query ? `${path}?${query}` : path);

  const update = (current: ListState<F>, patch: ListPatch<F>): Update<F> => {
    const out: Update<F> = {};
    const page = (patch as { page?: unknown }).page;
    if (typeof page === "number") {
      Object.assign(out, { page: page > 1 ? page : null });
      return out;
    }
    let changed = false;
    for (const [key, value] of Object.entries(patch) as [keyof F & string, unknown][]) {
      if (value === undefined && !Object.hasOwn(defaults, key)) continue;
      if (value !== current[key]) changed = true;
      Object.assign(out, { [key]: value === undefined || value === defaults[key] ? null : value });
    }
    if (changed) Object.assign(out, { page: null });
    return out;
  };

  const urlSearch = (state: ListState<F>): string => {
    const params = new URLSearchParams();
    for (const key of keys) {
      const value = state[key];
      if (value !== undefined && value !== null && value !== defaults[key]) params.set(urlKeys[key] ?? key, String(value));
    }
    const query = params.toString();
    return query ? `?${query}` : "";
  };

  return {
    path: spec.path,
    fields: spec.fields,
    pageSizes: spec.pageSizes,
    defaults,
    urlKeys,
    querySchema,
    load,
    urlSearch,
    parsers,
    normalize,
    search,
    key: (state) => withSearch(spec.path, search(state)),
    href: (suffix, state) => withSearch(`${spec.path}/${suffix}`, search(state, { paging: false })),
    update,
    isFiltered: (state) => filters.some((k) => {
      const value = state[k];
      return value !== defaults[k] && !(typeof value === "string" && value.trim() === "" && defaults[k] === "");
    }),
  };
}
