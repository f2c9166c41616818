import { getTranslations } from "next-intl/server";
import { signOutAction } from "@/lib/auth/actions";

export async function SignOutButton() {
  const t = await getTranslations("shell");
  return (
    <form action={signOutAction}>
      <button
        type="submit"
        className="rounded-md border border-slate-300 px-3 py-1.5 text-sm hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800"
      >
        {t("signOut")}
      </button>
    </form>
  );
}
