import { createParser } from "nuqs/server";

// A list's URL state without zod: what the browser needs (nuqs parsers, defaults, keys, links).
// A field is anything with `safeParse`: a zod schema on the server (lib/list/definition.ts adds the
// query schema), or a light parser built here that the tests hold equal to it (lib/*/list.ts).

export type SearchParamsInput = Record<string, string | string[] | null | undefined>;
export interface Field<T = unknown> {
  safeParse(value: unknown): { success: true; data: T } | { success: false };
}
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type FieldValue<S> = 0 extends 1 & S ? any : S extends { safeParse(value: unknown): infer R } ? (Extract<R, { success: true }> extends { data: infer T } ? T : never) : never;
export type BaseFields = Record<string, Field> & { page: Field<number>; limit: Field<number> };
type Fields = BaseFields;
export type ListState<F extends Fields> = { [K in keyof F]: FieldValue<F[K]> };
export type ListPatch<F extends Fields> = Partial<Omit<ListState<F>, "page">> | { page: number };
type Update<F extends Fields> = { [K in keyof F]?: FieldValue<F[K]> | null };

const PAGING = new Set(["page", "limit"]);
const blank = (v: unknown) => v === undefined || (typeof v === "string" && v.trim() === "");
const ok = <T>(data: T) => ({ success: true as const, data });
const bad = { success: false as const };

/** Light fields: each one is the browser's twin of a zod field in lib/list/definition.ts (same values in, same values out). */
export function lightField<T>(parse: (value: string) => T | null): Field<T> {
  return { safeParse: (v) => {
    if (typeof v !== "string") return bad;
    const out = parse(v);
    return out === null ? bad : ok(out);
  } };
}

/** Twin of `optionalField`: absent or blank is no filter. */
export function lightOptional<T>(parse: (value: string) => T | null): Field<T | undefined> {
  const inner = lightField(parse);
  return { safeParse: (v) => (blank(v) ? ok(undefined) : inner.safeParse(v)) };
}

/** Twin of `pageField(max)`: a whole number from 1 to max, as `Number()` reads it; blank is 1. */
export function lightPage(max: number): Field<number> {
  return { safeParse: (v) => {
    if (blank(v)) return ok(1);
    const n = Number(v);
    return Number.isSafeInteger(n) && n >= 1 && n <= max ? ok(n) : bad;
  } };
}

/** Twin of `limitField(sizes, fallback)`: one of the sizes; blank is the fallback. */
export function lightLimit<const S extends readonly number[]>(sizes: S, fallback: S[number]): Field<S[number]> {
  return { safeParse: (v) => {
    if (blank(v)) return ok(fallback);
    const size = typeof v === "string" ? sizes.find((s) => String(s) === v) : undefined;
    return size === undefined ? bad : ok(size as S[number]);
  } };
}

/** Twin of `z.enum(values)`. */
export function lightEnum<const V extends readonly string[]>(values: V): (value: string) => V[number] | null {
  return (value) => ((values as readonly string[]).includes(value) ? (value as V[number]) : null);
}

export interface ListBaseSpec<F extends Fields> {
  path: string;
  fields: F;
  pageSizes: readonly number[];
  /** The fields that narrow the list (sort and paging do not); all non-paging fields by default. */
  filters?: readonly (keyof F & string)[];
  /** URL keys where the page's differ from the API's (two lists on one page). */
  urlKeys?: Partial<Record<keyof F & string, string>>;
  /** The tolerant loader's rule across fields. */
  repair?: (value: ListState<F>) => ListState<F>;
  /** The value sent to the API when it differs from the URL's (a search trimmed). */
  apiValue?: Partial<{ [K in keyof F]: (value: FieldValue<F[K]>) => FieldValue<F[K]> }>;
}

export interface ListBase<F extends Fields> {
  path: string;
  fields: F;
  pageSizes: readonly number[];
  defaults: ListState<F>;
  urlKeys: Partial<Record<keyof F & string, string>>;
  load: (input: SearchParamsInput | URLSearchParams | string) => ListState<F>;
  urlSearch: (state: ListState<F>) => string;
  parsers: { [K in keyof F]: ReturnType<typeof makeParser<FieldValue<F[K]>>> };
  normalize: (raw: { [K in keyof F]?: FieldValue<F[K]> | null }) => ListState<F>;
  search: (state: Partial<ListState<F>>, options?: { paging?: boolean }) => string;
  key: (state: ListState<F>) => string;
  href: (suffix: string, state: Partial<ListState<F>>) => string;
  /** The URL update for a change: filters, sort and size go back to page 1; null is a default. */
  update: (current: ListState<F>, patch: ListPatch<F>) => Update<F>;
  isFiltered: (state: ListState<F>) => boolean;
}

function makeParser<T>(field: Field, fallback: T) {
  const parser = createParser<NonNullable<T>>({
    parse: (v) => {
      const parsed = field.safeParse(v);
      return parsed.success && parsed.data !== undefined ? (parsed.data as NonNullable<T>) : null;
    },
    serialize: (v) => String(v),
  });
  return fallback === undefined ? parser : parser.withDefault(fallback as NonNullable<T>);
}

function firstValue(value: string | string[] | null | undefined): string | undefined {
  return (Array.isArray(value) ? value[0] : value) ?? undefined;
}

function defaultOf(field: Field, key: string): unknown {
  const parsed = field.safeParse(undefined);
  if (!parsed.success) throw new Error(`list field ${key} has no default`);
  return parsed.data;
}

export function defineListBase<F extends Fields>(spec: ListBaseSpec<F>): ListBase<F> {
  const keys = Object.keys(spec.fields) as (keyof F & string)[];
  const filters = spec.filters ?? keys.filter((k) => !PAGING.has(k));
  const urlKeys: Partial<Record<keyof F & string, string>> = spec.urlKeys ?? {};
  const defaults = Object.fromEntries(keys.map((k) => [k, defaultOf(spec.fields[k]!, k)])) as ListState<F>;

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

  const parsers = Object.fromEntries(keys.map((k) => [k, makeParser(spec.fields[k]!, defaults[k])])) as ListBase<F>["parsers"];

  const normalize = (raw: { [K in keyof F]?: FieldValue<F[K]> | null }): ListState<F> => {
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

/** zod's email pattern (`z.email()`), which a test holds equal to `z.regexes.email`. */
export const EMAIL_PATTERN = /^(?:[A-Za-z0-9_'+\-]+\.)*[A-Za-z0-9_'+\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$/;

/** Twin of `z.string().trim().toLowerCase().pipe(z.email().max(254))`. */
export function lightEmail(value: string): string | null {
  const v = value.trim().toLowerCase();
  return v.length <= 254 && EMAIL_PATTERN.test(v) ? v : null;
}
