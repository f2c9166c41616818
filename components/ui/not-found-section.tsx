import Link from "next/link";
import { getTranslations } from "next-intl/server";

/** A missing record's page inside the dashboard shell (which already renders <main>): its catalog's title, body and way back. */
export async function NotFoundSection({ messages, testId, back, backClassName }: { messages: string; testId: string; back: string; backClassName: string }) {
  const t = await getTranslations(messages);
  return (
    <section data-testid={testId} className="mx-auto max-w-xl py-16 text-center">
      <h1 className="text-2xl font-semibold">{t("title")}</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300">{t("body")}</p>
      <Link href={back} className={backClassName}>
        {t("back")}
      </Link>
    </section>
  );
}
