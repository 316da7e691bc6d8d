import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { axeViolations, searchBox, signupsPanel } from './support/admin.ts';
import { numberedEmails, seedSignups } from './support/admin-data.ts';
import { expect, test } from './support/admin-fixtures.ts';

// axe over the whole dashboard takes long on a busy machine.
test.describe.configure({ timeout: 90_000 });

test('export the filtered list as CSV, then import it as another waitlist: dry run with per-line errors, then the import keeps the dates', async ({
  signedIn: page,
}) => {
  const prefix = `csv${Date.now()}-`;
  const emails = numberedEmails(prefix, 3);
  seedSignups(
    emails.map((email, index) => ({ email, program: ['BETA', 'OPEN_BETA', 'BETA'][index] })),
  );
  const panel = signupsPanel(page);
  await searchBox(page).fill(prefix);
  await expect(panel.getByRole('heading', { level: 2 })).toHaveText(
    `Signups(3 of 3 matching "${prefix}")`,
  );

  // The export follows the list's filters: only the BETA ones.
  await panel.getByRole('button', { name: /^Filters/ }).click();
  await panel
    .getByRole('group', { name: 'Signups filters' })
    .getByLabel('Programme')
    .selectOption('BETA');
  await expect(panel.getByRole('heading', { level: 2 })).toHaveText(
    `Signups(2 of 2 matching "${prefix}")`,
  );
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    panel.getByRole('link', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^signups-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync(await download.path(), 'utf8');
  const [header, ...lines] = csv.trim().split(/\r?\n/);
  expect(header).toMatch(/^id,email,type,source,created_at,/);
  expect(lines).toHaveLength(2);
  expect(lines.map((line) => line.split(',')[1])).toEqual([emails[2], emails[0]]);

  // The same people as another deployment's legacy list (new addresses, a real signup form), a
  // line with a broken address, and one address this list already has.
  const copy = (email: string) => email.replace(prefix, `${prefix}copy-`);
  const legacy = [
    header,
    ...lines.map((line) => line.replaceAll(prefix, `${prefix}copy-`).replace(',e2e,', ',general,')),
    `,not-an-address,BETA,general,2024-01-01T00:00:00.000Z,,,,,`,
    lines[0]!.replace(',e2e,', ',general,'),
  ].join('\n');
  const file = join(tmpdir(), `${prefix}legacy.csv`);
  writeFileSync(file, legacy);

  await panel.getByRole('button', { name: 'Import CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import signups' });
  await dialog.getByLabel('CSV file').setInputFiles(file);
  const preview = dialog.getByTestId('import-preview');
  await expect(preview).toContainText('4 lines read, nothing written yet.');
  await expect(preview.locator('dd')).toHaveText(['2', '1', '1']);
  await expect(preview.getByRole('row').filter({ hasText: /^4/ })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  // Nothing was written by the dry run.
  const before = (await (
    await page.request.get(`/api/admin/signups?search=${encodeURIComponent(`${prefix}copy-`)}`)
  ).json()) as { pagination: { total: number } };
  expect(before.pagination.total).toBe(0);

  await dialog.getByRole('button', { name: 'Import 2 signups' }).click();
  await expect(dialog.getByRole('status')).toHaveText(
    'Imported 2 signups; skipped 1 known address and 1 refused line.',
  );
  await dialog.getByRole('button', { name: 'Close' }).click();

  // The imported signups keep their original dates and programme.
  const answer = (await (
    await page.request.get(`/api/admin/signups?search=${encodeURIComponent(prefix)}&limit=100`)
  ).json()) as { signups: { email: string; type: string; createdAt: string; source: string }[] };
  for (const email of [emails[0]!, emails[2]!]) {
    const original = answer.signups.find((row) => row.email === email)!;
    const imported = answer.signups.find((row) => row.email === copy(email))!;
    expect(imported, copy(email)).toMatchObject({
      type: original.type,
      createdAt: original.createdAt,
      source: 'general',
    });
  }
});
