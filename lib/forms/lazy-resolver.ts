import type { FieldValues, Resolver } from "react-hook-form";

// A form's resolver whose code (zod, the form's schema, the adapter) is not part of the page's first load:
// `preload` fetches it once the form is on screen; the first check waits for it if it is not there yet.
// The schema is still the one the handler parses with; only when it arrives changes.

export function lazyResolver<TIn extends FieldValues, TContext, TOut extends FieldValues>(load: () => Promise<Resolver<TIn, TContext, TOut>>) {
  let loading: Promise<Resolver<TIn, TContext, TOut>> | null = null;
  const get = () =>
    (loading ??= load().catch((error: unknown) => {
      // A failed fetch (a dropped connection) is tried again at the next check.
      loading = null;
      throw error;
    }));
  const resolver: Resolver<TIn, TContext, TOut> = async (values, context, options) => (await get())(values, context, options);
  return { resolver, preload: () => void get().catch(() => undefined) };
}
