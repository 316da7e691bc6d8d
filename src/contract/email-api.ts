import { emailSchema } from './email.ts';
import { z } from './zod.ts';

/** An email the product sends, as the Email Testing tab lists it (spec section 3). */
export const emailTemplateSchema = z
  .object({
    id: z.string().meta({ description: 'Stable id, sent back as `templateType`' }),
    name: z.string(),
    subject: z.string(),
    description: z.string(),
  })
  .meta({ id: 'EmailTemplate' });
export type EmailTemplate = z.infer<typeof emailTemplateSchema>;

export const emailTemplatesResponseSchema = z
  .object({ templates: z.array(emailTemplateSchema) })
  .meta({ id: 'EmailTemplatesResponse' });
export type EmailTemplatesResponse = z.infer<typeof emailTemplatesResponseSchema>;

export const templateIdParamsSchema = z.object({
  id: z.string().max(100).meta({ description: 'A template id from GET /api/email/templates' }),
});

export const templatePreviewResponseSchema = z
  .object({
    preview: z.object({
      html: z.string().meta({ description: 'The template rendered with sample data; no scripts' }),
    }),
  })
  .meta({ id: 'TemplatePreviewResponse' });
export type TemplatePreviewResponse = z.infer<typeof templatePreviewResponseSchema>;

export const testEmailRequestSchema = z
  .object(
    { email: emailSchema, templateType: z.string().min(1).max(100) },
    { error: 'The request body must be a JSON object' },
  )
  .meta({ id: 'TestEmailRequest' });
export type TestEmailRequest = z.infer<typeof testEmailRequestSchema>;

export const earlyAccessEmailRequestSchema = z
  .object({ email: emailSchema }, { error: 'The request body must be a JSON object' })
  .meta({ id: 'EarlyAccessEmailRequest' });
export type EarlyAccessEmailRequest = z.infer<typeof earlyAccessEmailRequestSchema>;

/** The answer to every send: also the body of a failed send (502) or a refused one (409). */
export const sendEmailResponseSchema = z
  .object({
    success: z.boolean(),
    message: z.string(),
    messageId: z.string().optional().meta({ description: 'The Message-ID header of the mail' }),
  })
  .meta({ id: 'SendEmailResponse' });
export type SendEmailResponse = z.infer<typeof sendEmailResponseSchema>;

/** The invitation's answer also says whether the address is now on the whitelist. */
export const earlyAccessEmailResponseSchema = sendEmailResponseSchema
  .extend({
    isWhitelisted: z.boolean().meta({
      description:
        'Whether the address is on the whitelist: the invitation whitelists it in the ' +
        'transaction that queues the mail, so true unless the send was refused (409)',
    }),
  })
  .meta({ id: 'EarlyAccessEmailResponse' });
export type EarlyAccessEmailResponse = z.infer<typeof earlyAccessEmailResponseSchema>;

/** A message the local mail catcher received: text only, never its HTML (DESIGN.md). */
export const caughtMailSchema = z
  .object({
    id: z.string(),
    to: z.string(),
    subject: z.string(),
    text: z.string(),
    receivedAt: z.string().meta({ description: 'ISO 8601' }),
  })
  .meta({ id: 'CaughtMail' });
export type CaughtMail = z.infer<typeof caughtMailSchema>;

export const mailboxResponseSchema = z
  .object({
    enabled: z.boolean().meta({ description: 'False when real SMTP (SMTP_URL) is configured' }),
    messages: z.array(caughtMailSchema),
  })
  .meta({ id: 'MailboxResponse' });
export type MailboxResponse = z.infer<typeof mailboxResponseSchema>;

export const EMAIL_SEND_FAILED_MESSAGE = 'Failed to send test email';
export const EARLY_ACCESS_SEND_FAILED_MESSAGE = 'Failed to send early access email';
