import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";

const AXE_SOURCE = readFileSync("node_modules/axe-core/axe.min.js", "utf8");

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string; html: string }[];
}

/**
 * Runs axe-core (its default rules: WCAG 2.x A and AA and best practices) on the page as it is now and returns
 * the violations. The script goes in through the DevTools protocol, so the page's CSP does not block it.
 */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    type Result = {
      violations: {
        id: string;
        impact?: string | null;
        help: string;
        nodes: { target: unknown[]; html: string }[];
      }[];
    };
    const { axe } = window as unknown as { axe: { run(context: Document): Promise<Result> } };
    const result = await axe.run(document);
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact ?? null,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target.map(String).join(" "), html: n.html.slice(0, 200) })),
    }));
  });
}
