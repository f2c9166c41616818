import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/** Only the rules that read colours: for a second theme of markup already checked in the first. */
export const COLOUR_RULES = ["color-contrast", "link-in-text-block"];

export async function expectAccessible(page: Page, rules?: readonly string[]) {
  const axe = new AxeBuilder({ page });
  const results = await (rules ? axe.withRules([...rules]) : axe.withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])).analyze();
  const summary = results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
  expect(summary, "accessibility violations").toEqual([]);
}
