import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** axe's serious and critical findings on the page as it stands, each with the elements it names. */
export async function severeViolations(page: Page, include?: string): Promise<{ id: string; targets: string[] }[]> {
  // A button that just became enabled fades its colours; axe must judge the end state, not a frame of the fade.
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']);
  if (include) builder = builder.include(include);
  const results = await builder.analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      id: violation.id,
      targets: violation.nodes.map((node) => `${node.target.join(' ')}: ${node.failureSummary ?? ''}`),
    }));
}
