import type { MailTemplate } from './template-definition.ts';

/**
 * The mails the product sends. The platform knows none of them: the composition
 * (src/server/mail-templates.ts) installs the features' templates once, at startup.
 */
let installed: readonly MailTemplate[] = [];

export function installMailTemplates(templates: readonly MailTemplate[]): void {
  installed = templates;
}

/** Every installed template, in the order the Email Testing tab lists them. */
export function mailTemplates(): readonly MailTemplate[] {
  return installed;
}

export function findTemplate(id: string): MailTemplate | undefined {
  return installed.find((template) => template.id === id);
}
