"use client";

import { useTranslations } from "next-intl";
import { useMemo } from "react";
import { toast } from "@/components/ui/toast";
import { buttonClass, cardClass, helpTextClass } from "@/components/ui/styles";
import { useDateTime } from "@/components/ui/time";
import { STORY_ANCHOR } from "@/lib/erp/history/story-links";
import { storyLines, storyMessage, type OrderStory, type StoryTexts } from "@/lib/erp/history/story";

export function OrderStoryCard({ story }: { story: OrderStory }) {
  const t = useTranslations("erpOrders.story");
  const tReasons = useTranslations("erp.reasons");
  const tOrigin = useTranslations("erp.history.origin");
  const dt = useDateTime();
  const texts = useMemo<StoryTexts>(() => ({ t, reasons: tReasons, origin: (o) => tOrigin(o), time: (iso) => dt.dateTime(iso) }), [t, tReasons, tOrigin, dt]);
  const lines = storyLines(story, texts);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(storyMessage(story, texts));
      toast.success(t("copied"));
    } catch {
      toast.error(t("copyFailed"));
    }
  };

  return (
    <section id={STORY_ANCHOR} aria-labelledby={`${STORY_ANCHOR}-title`} className={`${cardClass} scroll-mt-20 space-y-3`} data-testid="order-story">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={`${STORY_ANCHOR}-title`} className="text-lg font-semibold">
          {t("title")}
        </h2>
        <button type="button" className={buttonClass.secondary} onClick={() => void copy()} data-testid="order-story-copy">
          {t("copy")}
        </button>
      </div>
      <p className={helpTextClass}>{t("intro")}</p>
      {lines.length ? (
        <ol className="list-decimal space-y-1 pl-5 text-sm">
          {lines.map((line, i) => (
            <li key={i} data-testid="order-story-line" className="break-words">
              {line}
            </li>
          ))}
        </ol>
      ) : (
        <p className="text-sm" data-testid="order-story-empty">
          {t("empty")}
        </p>
      )}
    </section>
  );
}
