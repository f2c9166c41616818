"use client";

import Link from "next/link";
import { useId, useState } from "react";
import { useTranslations } from "next-intl";
import { useDateTime } from "@/components/ui/time";
import { Select } from "@/components/ui/select";
import { alertClass, buttonClass, labelClass, linkClass, selectClass } from "@/components/ui/styles";
import { toast } from "@/components/ui/toast";
import { useProblemText } from "@/components/ui/use-problem-text";
import { markHandoverReadRequest, sendHandoverRequest, usePinnedHandover, writeHandoverRequest } from "@/lib/home/client";
import type { Handover } from "@/lib/home/handover";

export const HANDOVER_PATH = "/handover";

function HandoverText({ body, testId }: { body: string; testId: string }) {
  return (
    <pre data-testid={testId} tabIndex={0} className="max-h-96 overflow-auto focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 whitespace-pre-wrap break-words rounded border border-slate-200 bg-slate-50 p-3 font-sans text-sm dark:border-slate-700 dark:bg-slate-900">
      {body}
    </pre>
  );
}

/** The latest handover someone else wrote, pinned on Home until this member marks it read. */
export function PinnedHandover() {
  const t = useTranslations("home.handover");
  const dt = useDateTime();
  const problemText = useProblemText();
  const { data, mutate } = usePinnedHandover();
  const [pending, setPending] = useState(false);
  const handover = data?.handover;
  if (!handover) return null;
  const read = async () => {
    setPending(true);
    try {
      await markHandoverReadRequest(handover.id);
      await mutate({ handover: null }, { revalidate: true });
    } catch (error) {
      toast.error(problemText(error));
    } finally {
      setPending(false);
    }
  };
  return (
    <section aria-labelledby="pinned-handover-title" data-testid="home-handover-pinned" data-handover-id={handover.id} className={`${alertClass.info} space-y-2`}>
      <h2 id="pinned-handover-title" className="font-semibold">
        {t("pinned", { name: handover.author.name, when: dt.dateTime(handover.createdAt) })}
      </h2>
      <HandoverText body={handover.body} testId="home-handover-pinned-text" />
      <button type="button" className={buttonClass.secondary} disabled={pending} onClick={() => void read()}>
        {t("markRead")}
      </button>
    </section>
  );
}

export function HandoverLink() {
  const t = useTranslations("home.handover");
  return (
    <Link href={HANDOVER_PATH} prefetch={false} className={linkClass} data-testid="home-handover-link">
      {t("link")}
    </Link>
  );
}

/** Writes the shift's handover, then offers it to copy or to send through an alert channel; a failed send keeps the text on screen. */
export function HandoverWriter({ canWrite, channels }: { canWrite: boolean; channels: { id: string; name: string }[] }) {
  const t = useTranslations("home.handover");
  const id = useId();
  const problemText = useProblemText();
  const [handover, setHandover] = useState<Handover | null>(null);
  const [channelId, setChannelId] = useState("");
  const [pending, setPending] = useState<"write" | "send" | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  if (!canWrite) return <p data-testid="handover-read-only">{t("readOnly")}</p>;

  const write = async () => {
    setPending("write");
    setFailure(null);
    try {
      const { handover: written } = await writeHandoverRequest();
      setHandover(written);
      toast.success(t("written"));
    } catch (error) {
      setFailure(problemText(error));
    } finally {
      setPending(null);
    }
  };
  const send = async () => {
    if (!handover || !channelId) return;
    setPending("send");
    setFailure(null);
    try {
      const { channel } = await sendHandoverRequest(handover.id, channelId);
      toast.success(t("sent", { channel }));
    } catch (error) {
      setFailure(problemText(error));
    } finally {
      setPending(null);
    }
  };
  const copy = async () => {
    if (!handover) return;
    try {
      await navigator.clipboard.writeText(handover.body);
      toast.success(t("copied"));
    } catch {
      toast.error(t("copyFailed"));
    }
  };

  return (
    <div className="space-y-4" data-testid="handover-writer">
      <button type="button" className={buttonClass.primary} disabled={pending !== null} onClick={() => void write()} data-testid="handover-write">
        {pending === "write" ? t("writing") : t("write")}
      </button>
      {failure ? (
        <p role="alert" className={alertClass.error} data-testid="handover-failure">
          {failure}
        </p>
      ) : null}
      {handover ? (
        <div className="space-y-3">
          <HandoverText body={handover.body} testId="handover-text" />
          <div className="flex flex-wrap items-end gap-3">
            <button type="button" className={buttonClass.secondary} onClick={() => void copy()}>
              {t("copy")}
            </button>
            {channels.length > 0 ? (
              <>
                <div>
                  <label className={labelClass} htmlFor={`${id}-channel`}>
                    {t("channel")}
                  </label>
                  <Select
                    id={`${id}-channel`}
                    className={selectClass}
                    value={channelId}
                    onValueChange={setChannelId}
                    options={[{ value: "", label: t("noChannel") }, ...channels.map((c) => ({ value: c.id, label: c.name }))]}
                  />
                </div>
                <button type="button" className={buttonClass.secondary} disabled={!channelId || pending !== null} onClick={() => void send()} data-testid="handover-send">
                  {t("send")}
                </button>
              </>
            ) : (
              <p className="text-sm">{t("noChannels")}</p>
            )}
          </div>
        </div>
      ) : null}
    </div>
  );
}
