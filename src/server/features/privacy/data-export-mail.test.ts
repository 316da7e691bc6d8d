import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PersonalData } from '../../../contract/privacy.ts';
import { testDatabaseKinds } from '../../test/databases.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { insertSignup } from '../waitlist/signup-repository.ts';
import { renderMail, renderPreview } from '../../platform/mail/render-mail.ts';
import { dataExport } from './data-export-mail.ts';

const [sqlite] = await testDatabaseKinds();
const LINK = 'https://reelscore.test/api/data-request?address=viewer%40example.com&token=abc';
const ERASE_LINK = LINK.replace('/api/data-request?', '/api/data-request/erase?');

describe('the "Your ReelScore data" mail', () => {
  let testApp: TestApp;
  const attachment = async (to: string, params: Record<string, string>) => {
    const files = await dataExport.attachmentsFor!({ db: testApp.app.database.db, to, params });
    expect(files.map((file) => [file.filename, file.contentType])).toEqual([
      ['reelscore-data.json', 'application/json'],
    ]);
    return JSON.parse(files[0]!.content) as PersonalData;
  };

  beforeAll(async () => {
    testApp = await startTestApp(sqlite!);
    await insertSignup(testApp.app.database.db, {
      email: 'viewer@example.com',
      program: 'CLOSED_ALPHA',
      source: 'general',
    });
  });
  afterAll(() => testApp.close());

  it('attaches the recipient’s data only when the row was queued for exactly that address', async () => {
    const own = await attachment('viewer@example.com', { address: 'viewer@example.com' });
    expect(own.address).toBe('viewer@example.com');
    expect(own.signups).toMatchObject([{ source: 'general' }]);

    // A row naming someone else, or nobody (a test send): the sample, never real data.
    for (const params of [{ address: 'viewer@example.com' }, {}] as Record<string, string>[]) {
      const sample = await attachment('other@example.com', params);
      expect(sample.address).toBe('sam.viewer@example.com');
    }
  });

  it('says what is attached, with the footer links to the copy and the erasure', async () => {
    const mail = await renderMail(
      dataExport,
      { publicUrl: 'https://reelscore.test', dataRequestUrl: LINK, dataErasureUrl: ERASE_LINK },
      'viewer@example.com',
    );
    expect(mail.subject).toBe('Your ReelScore data');
    expect(mail.text).toContain('personal data ReelScore holds about viewer@example.com');
    expect(mail.text).toContain('reelscore-data.json');
    expect(mail.html).toContain(`href="${LINK.replace('&', '&amp;')}"`);
    expect(mail.html).toContain(`href="${ERASE_LINK.replace('&', '&amp;')}"`);
  });

  it('links a sample in the preview, whose page says the link is not valid', async () => {
    const html = await renderPreview(dataExport, { publicUrl: 'https://reelscore.test/' });
    expect(html).toContain(
      'href="https://reelscore.test/api/data-request/erase?address=sam.viewer%40example.com&amp;token=sample-link"',
    );
  });
});
