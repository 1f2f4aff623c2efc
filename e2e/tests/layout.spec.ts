import { expect, test, type Browser, type Page } from '@playwright/test';
import { signIn, type DemoAccount } from './test-support/session';

// Right on a phone: at 320, 375 and 768 px, in English and French, for every role, no control in
// the header overlaps another, the product name is whole, and every page opens with its title in
// view (not under the sticky header). The accessibility checks do not see overlaps; this does.

const WIDTHS = [320, 375, 768] as const;
const LANGUAGES = ['en', 'fr'] as const;

/** Each role with the pages it opens daily (the header is checked on the first one). */
const ROLES: { account: DemoAccount; pages: string[] }[] = [
  {
    account: 'user@northwind.test',
    pages: ['/home', '/advices', '/news-items', '/trainings', '/dashboards', '/collectmaster', '/contact'],
  },
  { account: 'contributor@northwind.test', pages: ['/home', '/entity/admin/advices', '/contact'] },
  { account: 'consultant@demo.test', pages: ['/home', '/contact'] },
  { account: 'publisher@demo.test', pages: ['/home', '/admin/news-items'] },
  { account: 'admin@demo.test', pages: ['/home', '/admin/news-items', '/admin/users', '/admin/images'] },
];

interface Box {
  name: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The header's visible controls and the product name, with their boxes, and whether the name is cut. */
async function headerFacts(page: Page) {
  return page.evaluate(() => {
    const header = document.querySelector('header');
    if (!header) return null;
    const visible = (element: Element) => {
      const box = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      return box.width > 0 && box.height > 0 && style.visibility !== 'hidden' && style.display !== 'none';
    };
    const describe = (element: Element): Box => {
      const { x, y, width, height } = element.getBoundingClientRect();
      const name = element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40) ?? element.tagName;
      return { name: `${element.tagName.toLowerCase()} "${name}"`, x, y, width, height };
    };
    const controls = Array.from(header.querySelectorAll('button, select, a, input, [data-hub-brand]')).filter(
      (element) => visible(element) && !element.parentElement?.closest('button, a, [data-hub-brand]'),
    );
    const brand = header.querySelector('[data-hub-brand]');
    return {
      boxes: controls.map(describe),
      brand: brand && visible(brand) ? { text: brand.textContent ?? '', cut: brand.scrollWidth > brand.clientWidth + 1 } : null,
      logo: header.querySelector('[data-hub-logo]') !== null,
      viewport: window.innerWidth,
      overflow: document.documentElement.scrollWidth > window.innerWidth,
    };
  });
}

const overlaps = (a: Box, b: Box) =>
  Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x) > 0.5 && Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y) > 0.5;

/** The page's own title (its first h1 in main), in the viewport and below the header. */
async function titleFacts(page: Page) {
  const title = page.locator('main h1').first();
  await expect(title).toBeVisible();
  // A page that scrolls itself (a thread to its newest message) does so once its data is in: wait
  // for the loading states in main to end (each is marked aria-busy; a live stream keeps the
  // network busy, so not for idle).
  await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0, { timeout: 15_000 });
  // The page may still swap its title's element as its data settles (a loading heading for the
  // loaded one): read again until a title is there.
  const read = () =>
    page.evaluate(() => {
      const h1 = document.querySelector('main h1')?.getBoundingClientRect();
      const bar = document.querySelector('header')?.parentElement?.getBoundingClientRect();
      if (!h1 || !bar) return null;
      return { top: h1.top, bottom: h1.bottom, barBottom: Math.max(0, bar.bottom), height: window.innerHeight, scrollY: window.scrollY };
    });
  let facts: Awaited<ReturnType<typeof read>> = null;
  await expect.poll(async () => (facts = await read()) !== null, { message: 'the page keeps a title in main' }).toBe(true);
  return facts!;
}

async function setLanguage(page: Page, language: string) {
  await page.evaluate((value) => localStorage.setItem('language', value), language);
}

async function roleContext(browser: Browser, account: DemoAccount) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await signIn(page, account);
  return { context, page };
}

/** The header's facts once they hold still (the entity selector fills in after its list arrives). */
async function settledHeaderFacts(page: Page) {
  let last = JSON.stringify(await headerFacts(page));
  for (let tries = 0; tries < 20; tries += 1) {
    await page.waitForTimeout(250);
    const now = JSON.stringify(await headerFacts(page));
    if (now === last) break;
    last = now;
  }
  return JSON.parse(last) as Awaited<ReturnType<typeof headerFacts>>;
}

for (const { account, pages } of ROLES) {
  test(`header and titles at phone and tablet widths: ${account}`, async ({ browser }) => {
    test.setTimeout(300_000);
    const { context, page } = await roleContext(browser, account);
    const problems: string[] = [];
    for (const language of LANGUAGES) {
      await setLanguage(page, language);
      for (const [index, path] of pages.entries()) {
        // Each page opens once per language and is then narrowed and widened in place: every page
        // at each width in English and at 375 px in French; the header (first page) at each width
        // in both.
        await page.setViewportSize({ width: WIDTHS[0], height: 740 });
        await page.goto(path);
        for (const width of WIDTHS) {
          if (index > 0 && language === 'fr' && width !== 375) continue;
          await page.setViewportSize({ width, height: 740 });
          const where = `${account} ${language} ${width}px ${path}`;
          const title = await titleFacts(page);
          if (title.top < title.barBottom - 1 || title.bottom > title.height)
            problems.push(
              `${where}: title at ${Math.round(title.top)}–${Math.round(title.bottom)} px (header ends at ${Math.round(title.barBottom)}, scrolled ${title.scrollY})`,
            );
          if (index > 0) continue;
          const facts = await settledHeaderFacts(page);
          if (!facts) {
            problems.push(`${where}: no header`);
            continue;
          }
          if (facts.overflow) problems.push(`${where}: the page is wider than the viewport`);
          if (!facts.brand && !facts.logo) problems.push(`${where}: neither the product name nor a logo`);
          if (facts.brand?.cut) problems.push(`${where}: the product name is cut ("${facts.brand.text}")`);
          for (const box of facts.boxes)
            if (box.x < -0.5 || box.x + box.width > facts.viewport + 0.5) problems.push(`${where}: ${box.name} outside the viewport`);
          for (let i = 0; i < facts.boxes.length; i += 1)
            for (let j = i + 1; j < facts.boxes.length; j += 1)
              if (overlaps(facts.boxes[i]!, facts.boxes[j]!))
                problems.push(`${where}: ${facts.boxes[i]!.name} overlaps ${facts.boxes[j]!.name}`);
        }
      }
    }
    await context.close();
    expect(problems).toEqual([]);
  });
}
