import { expect, test } from '@playwright/test';
import { E2E_BUILD_DIR } from './support/environment.ts';
import { builtPages, describeMessage, nuCheck, renderedMails } from './support/nu-checker.ts';

/**
 * Every prerendered page of the route table (the 404 page and the admin shell included) and
 * every mail's HTML part pass the W3C Nu Html Checker without an error. Warnings are listed in
 * the report, not failed on.
 */
test('every page and every mail is valid HTML by the W3C Nu checker', async () => {
  test.setTimeout(120_000);
  const pages = builtPages(`${E2E_BUILD_DIR}/client`);
  const { mails, remove } = await renderedMails();
  expect(pages.map((page) => page.path)).toEqual(
    expect.arrayContaining(['/', '/pricing', '/about', '/404', '/admin']),
  );
  expect(mails.length).toBeGreaterThanOrEqual(4);

  const messages = await nuCheck([...pages, ...mails].map((entry) => entry.file)).finally(remove);
  // Warnings (React's `<meta />` slashes, the mail tables' presentational attributes) are
  // listed once per kind with their count.
  const warnings = Map.groupBy(
    messages.filter((message) => message.type === 'info'),
    (message) => message.message,
  );
  for (const [text, each] of warnings) {
    test.info().annotations.push({ type: 'warning', description: `${each.length}× ${text}` });
  }
  const errors = messages.filter((message) => message.type !== 'info');
  expect(errors.map(describeMessage)).toEqual([]);
});
