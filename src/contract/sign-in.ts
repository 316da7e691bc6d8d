import { z } from './zod.ts';

/**
 * The sign-in start's one choice: `prompt=select_account` when the person asked to sign in with
 * another account. The identity provider must then let them choose, never reuse the account it
 * already knows in that browser.
 */
export const SELECT_ACCOUNT = 'select_account';

export const signInQuerySchema = z.object({
  prompt: z
    .literal(SELECT_ACCOUNT, { error: 'prompt must be select_account' })
    .optional()
    .meta({
      description:
        'Let the person choose the account at the identity provider (after a refused one), ' +
        'rather than sign in again with the one it knows.',
    }),
});
export type SignInQuery = z.infer<typeof signInQuerySchema>;
