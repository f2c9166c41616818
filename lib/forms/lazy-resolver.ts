import type { FieldValues, Resolver } from "react-hook-form";
import type { z } from "zod";

// A resolver kept out of the first load (`preload` once the form shows; the first check waits), with the handler's own schema.

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

/** The one way a form sets up validation: its schema module and zod load with the form's first check or `preload`. */
export function lazyZodResolver<TIn extends FieldValues, TOut extends FieldValues>(loadSchema: () => Promise<z.ZodType<TOut, TIn>>) {
  return lazyResolver<TIn, unknown, TOut>(async () => {
    const [{ zodResolver }, schema] = await Promise.all([import("@hookform/resolvers/zod"), loadSchema()]);
    return zodResolver(schema) as Resolver<TIn, unknown, TOut>;
  });
}
