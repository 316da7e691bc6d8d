import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminHeaders } from '../../test/admin-session.ts';
import { testDatabaseKinds } from '../../test/databases.ts';
import type { TestApp } from '../../test/test-app.ts';
import { startEmailTestApp } from '../../test/email-test-app.ts';
import { MAIL_TEMPLATES } from '../../mail-templates.ts';

const [sqlite] = await testDatabaseKinds();
const ADMIN = 'curator@example.com';

describe('email templates and previews', () => {
  let testApp: TestApp;
  let headers: Record<string, string>;

  beforeAll(async () => {
    testApp = await startEmailTestApp(sqlite!);
    testApp.app.config.adminEmails = new Set([ADMIN]);
    headers = (await adminHeaders(testApp.app, ADMIN)).headers;
  });
  afterAll(() => testApp.close());

  it('lists every template with id, name, subject and description', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/email/templates',
      headers,
    });
    expect(response.statusCode).toBe(200);
    const { templates } = response.json<{ templates: Record<string, string>[] }>();
    expect(templates.map((template) => template.id)).toEqual([
      'early-access-invitation',
      'waitlist-confirmation',
      'your-place',
      'moved-up',
      'removal-notice',
      'data-export',
    ]);
    for (const template of templates) {
      expect(Object.keys(template).sort()).toEqual(['description', 'id', 'name', 'subject']);
    }
  });

  it.each(MAIL_TEMPLATES.map((template) => template.id))(
    'previews %s with its sample data, absolute links, alt text and no script',
    async (id) => {
      const response = await testApp.app.inject({
        method: 'GET',
        url: `/api/email/templates/${id}/preview`,
        headers,
      });
      expect(response.statusCode).toBe(200);
      const { html } = response.json<{ preview: { html: string } }>().preview;
      expect(html).toContain('sam.viewer@example.com');
      expect(html).toMatch(/<html[^>]* lang="en"/);
      expect(html).toContain('alt="ReelScore"');
      expect(html).not.toMatch(/<script|javascript:|\son\w+=/i);
      for (const [, href] of html.matchAll(/href="([^"]*)"/g)) {
        expect(href).toMatch(/^https:\/\/reelscore\.test(\/|$)/);
      }
    },
  );

  it('answers 404 with a message for an unknown template', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/email/templates/no-such-template/preview',
      headers,
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Email template not found' });
  });
});
