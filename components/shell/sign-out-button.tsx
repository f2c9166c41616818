import { getTranslations } from "next-intl/server";
import { signOutAction, signOutEverywhereAction } from "@/lib/auth/actions";

const BUTTON =
  "rounded-md border border-slate-300 px-3 py-1.5 text-sm hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800";

export async function SignOutButton() {
  const t = await getTranslations("shell");
  return (
    <div className="flex flex-wrap items-center gap-2">
      <form action={signOutAction}>
        <button type="submit" className={BUTTON}>
          {t("signOut")}
        </button>
      </form>
      <form action={signOutEverywhereAction}>
        <button type="submit" className={BUTTON} title={t("signOutEverywhereHint")}>
          {t("signOutEverywhere")}
        </button>
      </form>
    </div>
  );
}
