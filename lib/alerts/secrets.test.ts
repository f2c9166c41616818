import { describe, expect, it } from "vitest";
import { channelRedactor } from "@/lib/alerts/secrets";

// What a receiver answers is shown in the delivery log: the channel's secrets are cut from it, its ordinary words are not.

describe("channelRedactor", () => {
  it("cuts the URL, its path and query and every token-like part of them, and leaves words of the path alone", () => {
    const url = "https://hooks.example.com/services/internal/T0123ABCD/B0456EFGH/abcdEFGHijklMNOPqrstUVWX/qwhdkeiflsmxnzpoury?channel=alerts-ingest&sig=Zx81kQ09aLm2";
    const r = channelRedactor({ url, signingSecret: "signing-secret-1f2e" });
    const answer = (part: string) => r.redact(`internal error at services: ${part} (alerts-ingest)`);
    for (const secret of [url, "T0123ABCD", "B0456EFGH", "abcdEFGHijklMNOPqrstUVWX", "qwhdkeiflsmxnzpoury", "Zx81kQ09aLm2", "signing-secret-1f2e"]) {
      expect(answer(secret), secret).toBe("internal error at services: [redacted] (alerts-ingest)");
    }
    expect(r.redact("500 internal server error from the services gateway")).toBe("500 internal server error from the services gateway");
  });
});
