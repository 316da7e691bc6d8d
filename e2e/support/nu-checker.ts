import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { renderMail } from '../../src/server/platform/mail/render-mail.ts';
import { MAIL_TEMPLATES } from '../../src/server/mail-templates.ts';
import { pageList } from '../../src/web/route-table.ts';

/** One message of the W3C Nu Html Checker's JSON output. */
export interface NuMessage {
  type: 'error' | 'info' | 'non-document-error';
  subType?: string;
  url?: string;
  lastLine?: number;
  message: string;
  extract?: string;
}

/** The file the build writes for each page of the route table, with the page's path. */
export function builtPages(clientDir: string): { path: string; file: string }[] {
  return pageList.flatMap((page) => {
    if (page.clientOnly) {
      // Client-only pages (the admin dashboard) are served the SPA fallback shell.
      return [{ path: page.path, file: join(clientDir, '__spa-fallback.html') }];
    }
    const paths = page.path === '*' ? ['/404'] : [page.path, ...(page.aliases ?? [])];
    return paths.map((path) => ({ path, file: join(clientDir, path, 'index.html') }));
  });
}

/**
 * Writes every mail's HTML part, as a recipient gets it, into a new folder; returns the files
 * and a function that removes the folder.
 */
export async function renderedMails(): Promise<{
  mails: { id: string; file: string }[];
  remove: () => void;
}> {
  const folder = mkdtempSync(join(tmpdir(), 'reelscore-mail-html-'));
  const site = 'https://reelscore.test';
  const links = {
    publicUrl: site,
    unsubscribeUrl: `${site}/api/unsubscribe?token=t`,
    confirmUrl: `${site}/api/signup/confirm?token=t`,
    dataRequestUrl: `${site}/api/data-request?address=sam%40example.com&token=t`,
    dataErasureUrl: `${site}/api/data-request/erase?address=sam%40example.com&token=t`,
  };
  const mails = await Promise.all(
    MAIL_TEMPLATES.map(async (template) => {
      const { html } = await renderMail(template, links, 'sam.viewer@example.com');
      const file = join(folder, `${template.id}.html`);
      writeFileSync(file, html);
      return { id: template.id, file };
    }),
  );
  return { mails, remove: () => rmSync(folder, { recursive: true, force: true }) };
}

const vnuJar = join(
  dirname(createRequire(import.meta.url).resolve('vnu-jar/package.json')),
  'build/dist/vnu.jar',
);

/** Checks all files in one run of the Nu checker (one Java start), as HTML. */
export async function nuCheck(files: string[]): Promise<NuMessage[]> {
  for (const file of files) if (!existsSync(file)) throw new Error(`${file} does not exist`);
  const { stdout } = await promisify(execFile)(
    'java',
    ['-jar', vnuJar, '--format', 'json', '--stdout', '--exit-zero-always', '--html', ...files],
    { maxBuffer: 64 * 1024 * 1024 },
  );
  return (JSON.parse(stdout) as { messages: NuMessage[] }).messages;
}

/** One line per message: file, line, text. */
export function describeMessage(message: NuMessage): string {
  const file = (message.url ?? '').replace(/^file:/, '');
  return `${file}:${message.lastLine ?? '?'} ${message.message}`;
}
