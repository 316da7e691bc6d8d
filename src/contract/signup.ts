import { z } from './zod.ts';
import { emailSchema } from './email.ts';
import {
  BODY_NOT_OBJECT_MESSAGE,
  HONEYPOT_FIELD,
  REFERRAL_FIELD,
  SIGNUP_TYPES,
  UNKNOWN_SIGNUP_TYPE_MESSAGE,
} from './signup-types.ts';

export const signupRequestSchema = z
  .object(
    {
      email: emailSchema,
      signupType: z.enum(SIGNUP_TYPES, { error: UNKNOWN_SIGNUP_TYPE_MESSAGE }),
      [HONEYPOT_FIELD]: z
        .string()
        .max(1024)
        .optional()
        .meta({ description: 'Leave empty. Filled only by automated form fillers.' }),
      [REFERRAL_FIELD]: z
        .string({ error: `${REFERRAL_FIELD} must be text` })
        .max(64, { error: `${REFERRAL_FIELD} must be at most 64 characters` })
        .optional()
        .meta({
          description:
            'The referral code of the link the person came by (`/r/<code>` or `?ref=<code>`); ' +
            'an unknown code is ignored and the answer is the same.',
        }),
    },
    { error: BODY_NOT_OBJECT_MESSAGE },
  )
  .meta({ id: 'SignupRequest' });
export type SignupRequest = z.input<typeof signupRequestSchema>;

export const signupResponseSchema = z
  .object({
    success: z.literal(true),
    message: z.string(),
  })
  .meta({ id: 'SignupResponse' });
export type SignupResponse = z.infer<typeof signupResponseSchema>;
