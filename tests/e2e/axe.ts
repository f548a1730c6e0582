import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string; html: string }[];
}

/**
 * Runs axe-core (its default rules: WCAG 2.x A and AA and best practices, plus WCAG 2.5.3 «label in name», which
 * axe ships turned off as experimental) on the page as it is now, through @axe-core/playwright, and returns the
 * violations in short.
 */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  // Legacy mode runs axe in the page itself (same-origin frames included): the default mode opens a blank page
  // for every call to merge the frames' results, which made the suite several times slower.
  const { violations } = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ rules: { "label-content-name-mismatch": { enabled: true } } })
    .analyze();
  return violations.map((v) => ({
    id: v.id,
    impact: v.impact ?? null,
    help: v.help,
    nodes: v.nodes.map((n) => ({ target: n.target.map(String).join(" "), html: n.html.slice(0, 200) })),
  }));
}
