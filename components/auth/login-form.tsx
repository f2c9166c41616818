"use client";

import { useTranslations } from "next-intl";
import { useEffect, useState, useTransition } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { FormField } from "@/components/ui/form-field";
import { useCodeText } from "@/components/ui/use-code-text";
import { loginAction, ssoAction, type LoginResult } from "@/lib/auth/login-action";
import type { loginFormSchema, LoginForm as LoginValues } from "@/lib/auth/login-schema";
import { lazyZodResolver } from "@/lib/forms/lazy-resolver";

// The sign-in schema (and zod with it) loads once the form is on screen, not with the page.
const loginResolver = lazyZodResolver<LoginValues, z.output<typeof loginFormSchema>>(() => import("@/lib/auth/login-schema").then((m) => m.loginFormSchema));

const inputClass =
  "mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 aria-[invalid=true]:border-red-600 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100";

export function LoginForm({ callbackUrl, ssoName, notice }: { callbackUrl: string; ssoName: string | null; notice: string | null }) {
  const t = useTranslations("auth.login");
  const say = useCodeText();
  const fieldText = (message: string | undefined) => (message ? (say({ code: message }) ?? message) : null);
  const [result, setResult] = useState<LoginResult | null>(null);
  const [pending, startTransition] = useTransition();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LoginValues, unknown, z.output<typeof loginFormSchema>>({ resolver: loginResolver.resolver, defaultValues: { email: "", password: "" } });
  useEffect(() => loginResolver.preload(), []);

  const onSubmit = handleSubmit((values) => {
    setResult(null);
    startTransition(async () => {
      try {
        const r = await loginAction({ ...values, callbackUrl });
        setResult(r);
      } catch (error) {
        // A redirect on success is not an error; anything else is ours.
        if (error && typeof error === "object" && "digest" in error && String(error.digest).startsWith("NEXT_REDIRECT")) throw error;
        setResult({ error: "unexpected" });
      }
    });
  });

  const message =
    result?.error === "throttled"
      ? t("throttled", { minutes: result.minutes ?? 1 })
      : result?.error
        ? t(result.error)
        : null;

  return (
    <div className="space-y-6">
      {notice && !message ? (
        <p role="status" className="rounded-md bg-slate-100 px-3 py-2 text-sm text-slate-800 dark:bg-slate-800 dark:text-slate-100">
          {notice}
        </p>
      ) : null}
      <div aria-live="assertive" data-testid="login-error">
        {message ? (
          <p className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200">
            {message}
          </p>
        ) : null}
      </div>
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <FormField id="email" label={t("email")} error={fieldText(errors.email?.message)}>
          {(aria) => <input {...aria} type="email" autoComplete="username" autoFocus className={inputClass} {...register("email")} />}
        </FormField>
        <FormField id="password" label={t("password")} error={fieldText(errors.password?.message)}>
          {(aria) => <input {...aria} type="password" autoComplete="current-password" className={inputClass} {...register("password")} />}
        </FormField>
        <button
          type="submit"
          disabled={pending}
          className="w-full rounded-md bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700 disabled:opacity-60"
        >
          {pending ? t("submitting") : t("submit")}
        </button>
      </form>
      {ssoName ? (
        <>
          <p className="text-center text-sm text-slate-600 dark:text-slate-300">{t("or")}</p>
          <form action={ssoAction.bind(null, callbackUrl)}>
            <button
              type="submit"
              className="w-full rounded-md border border-slate-300 px-4 py-2 font-medium hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800"
            >
              {t("sso", { name: ssoName })}
            </button>
          </form>
        </>
      ) : null}
    </div>
  );
}
