import { getTranslations } from "next-intl/server";
import { DEMO_MEMBERS } from "@/lib/auth/members";

// Demo mode only (the login page decides): its accounts and password are public by design, and nowhere else.
export async function DemoAccounts({ password }: { password: string }) {
  const t = await getTranslations("auth.login.demo");
  const roles = await getTranslations("roles");
  return (
    <section aria-labelledby="demo-accounts-title" className="mt-6 rounded-md bg-slate-100 p-3 text-sm dark:bg-slate-800" data-testid="demo-accounts">
      <h2 id="demo-accounts-title" className="font-semibold">
        {t("title")}
      </h2>
      <p className="mt-1 text-slate-700 dark:text-slate-300">{t("intro")}</p>
      <ul className="mt-2 space-y-1">
        {DEMO_MEMBERS.map((m) => (
          <li key={m.email} data-testid="demo-account">
            <code className="break-all font-mono">{m.email}</code> · {m.name} · {roles(m.role)}
          </li>
        ))}
      </ul>
      <p className="mt-2" data-testid="demo-password">
        {t.rich("password", { password, code: (chunks) => <code className="font-mono">{chunks}</code> })}
      </p>
    </section>
  );
}
