import type { FastifyBaseLogger } from 'fastify';
import type { SignupType } from '../../../contract/signup-types.ts';

/** A signup as both ways in (the JSON call and the form without JavaScript) hand it on. */
export interface SignupInput {
  email: string;
  signupType: SignupType;
  /** The honeypot field's value: anything but empty drops the signup silently. */
  honeypot?: string;
  /** The referral code the person came with, if any (an unknown one is ignored). */
  ref?: string;
  /** The address the request came from (a referral's network check). */
  ip: string;
}

/**
 * Takes one valid signup: dropped when the honeypot is filled, refused (400) at a disposable
 * domain, otherwise recorded once. Resolves the same way for a new and a known address; throws
 * an HttpError when refused or when the database fails (503).
 */
export type AcceptSignup = (input: SignupInput, log: FastifyBaseLogger) => Promise<void>;
