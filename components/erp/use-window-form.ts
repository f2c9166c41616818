"use client";

import { useRouter } from "next/navigation";
import { useId } from "react";
import { useErpProblemText } from "@/components/erp/use-problem-text";
import { useDateTime } from "@/components/ui/time";
import { useCodeText, useFieldErrors } from "@/components/ui/use-code-text";

/** What a form over a window of time needs around it: the zone, the router, ids, and code and problem texts. */
export function useWindowForm() {
  return { dt: useDateTime(), router: useRouter(), id: useId(), say: useCodeText(), fieldTexts: useFieldErrors(), problemText: useErpProblemText() };
}
