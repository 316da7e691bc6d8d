import { z } from './zod.ts';

/** Public endpoints answer errors as `{error}`: the browser shows the text as it is. */
export const publicErrorSchema = z.object({ error: z.string() }).meta({ id: 'PublicError' });
export type PublicError = z.infer<typeof publicErrorSchema>;

/** Admin and email endpoints answer errors as `{message}`, as the dashboard reads them. */
export const adminErrorSchema = z.object({ message: z.string() }).meta({ id: 'AdminError' });
export type AdminError = z.infer<typeof adminErrorSchema>;
