import { createParser } from "nuqs/server";

// Each list is declared once here: nuqs parsers, the tolerant reader and (definition.ts) the strict schema share the field code.

export type SearchParamsInput = Record<string, string | string[] | null | undefined>;

export class Refusal {
  constructor(
    readonly message: string,
    readonly params?: Record<string, unknown>,
  ) {}
}
export type Parsed<T> = { success: true; data: T } | { success: false; error: Refusal };
/** A field's JSON Schema (draft 2020-12, as OpenAPI 3.1 takes it), written here so the browser's lists need no zod. */
export type JsonSchema = Record<string, unknown>;
export interface Field<T = unknown> {
  safeParse(value: unknown): Parsed<T>;
  schema?: JsonSchema;
}
export type Reader<T> = ((value: string) => T | null | Refusal) & { schema?: JsonSchema };
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type FieldValue<S> = 0 extends 1 & S ? any : S extends { safeParse(value: unknown): infer R } ? (Extract<R, { success: true }> extends { data: infer T } ? T : never) : never;
export type BaseFields = Record<string, Field> & { page: Field<number>; limit: Field<number> };
type Fields = BaseFields;
export type ListState<F extends Fields> = { [K in keyof F]: FieldValue<F[K]> };
export type ListPatch<F extends Fields> = Partial<Omit<ListState<F>, "page">> | { page: number };
type Update<F extends Fields> = { [K in keyof F]?: FieldValue<F[K]> | null };

const PAGING = new Set(["page", "limit"]);
const isBlank = (v: string) => v.trim() === "";

export interface FieldOptions<T> {
  fallback: T;
  message: string;
  params?: Record<string, unknown>;
  /** Blank by default: a GET form sends an empty filter as `?actor=`. */
  absent?: (value: string) => boolean;
  schema?: JsonSchema;
}

export function field<T>({ fallback, message, params, absent = isBlank, schema: given }: FieldOptions<T>, read: Reader<T>): Field<T> {
  const schema = given ?? read.schema;
  const refused = (error: Refusal) => ({ success: false as const, error });
  const described = schema && fallback !== undefined ? { ...schema, default: fallback } : schema;
  return { schema: described, safeParse: (v) => {
    if (v === undefined || (typeof v === "string" && absent(v))) return { success: true, data: fallback };
    const out = typeof v === "string" ? read(v) : null;
    if (out instanceof Refusal) return refused(out);
    return out === null ? refused(new Refusal(message, params)) : { success: true, data: out };
  } };
}

export function optional<T>(read: Reader<T>, message: string, schema = read.schema): Field<T | undefined> {
  return field<T | undefined>({ fallback: undefined, message, schema }, read);
}

export function described<F extends Field>(field: F, more: JsonSchema): F {
  return { ...field, schema: { ...field.schema, ...more } };
}

export function describedReader<R extends (value: string) => unknown>(read: R, schema: JsonSchema): R & { schema: JsonSchema } {
  return Object.assign(read, { schema });
}

export function page(max: number): Field<number> {
  return field({ fallback: 1, message: "validation.pageNumber", schema: { type: "integer", minimum: 1, maximum: max } }, (v) => {
    const n = Number(v);
    if (!Number.isSafeInteger(n) || n < 1) return null;
    return n > max ? new Refusal("validation.pageMax", { maximum: max }) : n;
  });
}

export function limit<const S extends readonly number[]>(sizes: S, fallback: S[number]): Field<S[number]> {
  return field({ fallback, message: "validation.pageSize", params: { sizes: sizes.join(", ") }, schema: { enum: [...sizes] } }, (v) => sizes.find((s) => String(s) === v) ?? null);
}

export function oneOf<const V extends readonly string[]>(values: V): Reader<V[number]> {
  return describedReader((value) => ((values as readonly string[]).includes(value) ? (value as V[number]) : null), { type: "string", enum: [...values] });
}

export interface ListBaseSpec<F extends Fields> {
  path: string;
  fields: F;
  pageSizes: readonly number[];
  filters?: readonly (keyof F & string)[];
  urlKeys?: Partial<Record<keyof F & string, string>>;
  /** A rule across fields: the strict schema refuses what it names, the tolerant loader's `repair` mends it. */
  reject?: (value: Partial<ListState<F>>) => { field: keyof F & string; message: string } | undefined;
  repair?: (value: ListState<F>) => ListState<F>;
  apiValue?: Partial<{ [K in keyof F]: (value: FieldValue<F[K]>) => FieldValue<F[K]> }>;
}

export interface ListBase<F extends Fields> {
  path: string;
  fields: F;
  reject?: ListBaseSpec<F>["reject"];
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
    reject: spec.reject,
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

/** zod's email pattern (`z.email()`, as the team's forms check addresses), which a test holds equal to `z.regexes.email`. */
export const EMAIL_PATTERN = /^(?:[A-Za-z0-9_'+\-]+\.)*[A-Za-z0-9_'+\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$/;

export const EMAIL_SCHEMA: JsonSchema = { type: "string", format: "email", pattern: EMAIL_PATTERN.source };

export const readEmail = describedReader((value: string): string | null => {
  const v = value.trim().toLowerCase();
  return v.length <= 254 && EMAIL_PATTERN.test(v) ? v : null;
}, EMAIL_SCHEMA);

/** zod's calendar date pattern (`z.iso.date()`), which a test holds equal to zod's. */
export const DATE_SCHEMA: JsonSchema = {
  type: "string",
  format: "date",
  pattern: "^(?:(?:\\d\\d[2468][048]|\\d\\d[13579][26]|\\d\\d0[48]|[02468][048]00|[13579][26]00)-02-29|\\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\\d|30)|(?:02)-(?:0[1-9]|1\\d|2[0-8])))$",
};
