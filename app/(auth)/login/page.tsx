import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { DemoAccounts } from "@/components/auth/demo-accounts";
import { LoginForm } from "@/components/auth/login-form";
import { ForgetPalette } from "@/components/shell/forget-palette";
import { PreferenceSwitches } from "@/components/shell/preference-switches";
import { safeCallbackUrl } from "@/lib/auth/callback-url";
import { getCurrentMember } from "@/lib/auth/session";
import { getConfig } from "@/lib/config";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("auth.login"))("title") };
}

const NOTICES = { signed_out: "signedOut", inactive: "inactive", expired: "sessionExpired" } as const;

export default async function LoginPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const params = await searchParams;
  const callbackUrl = safeCallbackUrl(params.callbackUrl);
  if (await getCurrentMember()) redirect(callbackUrl);

  const t = await getTranslations("auth.login");
  const app = await getTranslations("app");
  const config = getConfig();
  const reason = typeof params.reason === "string" && params.reason in NOTICES ? NOTICES[params.reason as keyof typeof NOTICES] : null;
  // Auth.js sends failed SSO round trips here with ?error=...; ours is sso_refused.
  const error = typeof params.error === "string" ? params.error : null;
  const notice = error === "sso_refused" || error === "AccessDenied" ? t("ssoRefused") : error ? t("ssoFailed") : reason ? t(reason) : null;

  return (
    <main id="main" className="mx-auto flex min-h-screen max-w-md flex-col justify-center px-4 py-12">
      {/* Whoever lands here has no session: what the palette kept for the last member is forgotten. */}
      <ForgetPalette />
      <div className="mb-4">
        <PreferenceSwitches />
      </div>
      <div className="rounded-xl border border-slate-200 bg-white p-8 shadow-sm dark:border-slate-800 dark:bg-slate-900">
        <p className="text-sm font-semibold text-brand-700 dark:text-brand-100">{app("name")}</p>
        <h1 className="mt-1 text-2xl font-semibold">{t("title")}</h1>
        <p className="mb-6 mt-2 text-sm text-slate-600 dark:text-slate-300">{t("intro")}</p>
        <LoginForm callbackUrl={callbackUrl} ssoName={config.sso?.name ?? null} notice={notice} />
        {config.demoMode ? <DemoAccounts password={config.demoPassword} /> : null}
      </div>
    </main>
  );
}
