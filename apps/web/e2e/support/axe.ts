import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';

/** WCAG 2.1 A and AA: what issue 19 holds every screen to. */
export const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** The page's violations, each as 'rule: target (why)', so a failure says what to fix. */
export async function axeViolations(page: Page, include?: string): Promise<string[]> {
  let builder = new AxeBuilder({ page }).withTags(WCAG_AA);
  if (include) builder = builder.include(include);
  const result = await builder.analyze();
  // One line per rule and reason, with how many elements and the first of them.
  const lines = new Map<string, { target: string; count: number }>();
  for (const v of result.violations) {
    for (const n of v.nodes) {
      const why = (n.failureSummary ?? '')
        .split('\n')
        .slice(1, 2)
        .join(' ')
        .trim()
        .replace(/#mantine-\w+/g, '');
      const key = `${v.id}: ${why}`;
      const seen = lines.get(key);
      if (seen) seen.count += 1;
      else lines.set(key, { target: n.target.join(' '), count: 1 });
    }
  }
  return [...lines].map(([key, { target, count }]) => `${key} ×${count} at ${target}`);
}

/**
 * Waits until Mantine's transitions (modal fade, toast slide, drawer) have ended, so axe and screenshots see the
 * final colours: waits on the page's own animations, not a fixed time a loaded machine may overrun. Endless
 * animations (a spinner) are not waited for.
 */
export async function transitionsDone(page: Page) {
  // Two frames first: a transition starts the frame after its element mounts.
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' || animation.effect?.getComputedTiming().iterations === Infinity,
      ),
  );
}

/** Asserts (softly, so one run lists every screen's findings) 0 violations at AA once the screen shows `ready`. */
export async function expectAccessible(page: Page, ready: Locator, what: string) {
  await expect(ready).toBeVisible();
  await transitionsDone(page);
  expect.soft(await axeViolations(page), what).toEqual([]);
}
