import { describe, expect, it } from 'vitest';
import { INVALID_EMAIL_MESSAGE } from '../../../contract/email-rules.ts';
import {
  GENERIC_ERROR_MESSAGE,
  canSubmit,
  initialSignupState,
  isSubmittableEmail,
  signupErrorMessage,
  signupReducer,
  type SignupAction,
  type SignupState,
} from './signup-state.ts';

const run = (...actions: SignupAction[]): SignupState =>
  actions.reduce(signupReducer, initialSignupState);

describe('signup form state', () => {
  it('cannot submit an empty field or while loading', () => {
    expect(canSubmit(run())).toBe(false);
    expect(canSubmit(run({ type: 'edit', email: '   ' }))).toBe(false);
    expect(canSubmit(run({ type: 'edit', email: 'a' }))).toBe(true);
    expect(canSubmit(run({ type: 'edit', email: 'a@b.co' }, { type: 'submit' }))).toBe(false);
  });

  it('follows the spec pattern', () => {
    expect(isSubmittableEmail(' viewer@example.com ')).toBe(true);
    for (const bad of ['viewer', 'viewer@example', '@example.com', 'a b@example.com', 'a@b.'])
      expect(isSubmittableEmail(bad)).toBe(false);
  });

  it('shows the validation message and marks the field', () => {
    const state = run({ type: 'edit', email: 'nope' }, { type: 'invalid' });
    expect(state).toMatchObject({
      status: 'error',
      errorMessage: INVALID_EMAIL_MESSAGE,
      invalidEmail: true,
      email: 'nope',
    });
  });

  it('clears the field on success and returns to idle on reset', () => {
    const done = run(
      { type: 'edit', email: 'a@b.co' },
      { type: 'submit' },
      { type: 'succeed', message: 'On the list', email: 'a@b.co' },
    );
    expect(done).toMatchObject({
      status: 'success',
      email: '',
      successMessage: 'On the list',
      signedUpEmail: 'a@b.co',
    });
    expect(signupReducer(done, { type: 'reset' })).toEqual(initialSignupState);
  });

  it('keeps the address on failure and starts over when it is edited', () => {
    const failed = run(
      { type: 'edit', email: 'a@b.co' },
      { type: 'submit' },
      { type: 'fail', message: 'X' },
    );
    expect(failed).toMatchObject({
      status: 'error',
      errorMessage: 'X',
      email: 'a@b.co',
      invalidEmail: false,
    });
    expect(signupReducer(failed, { type: 'edit', email: 'a@b.com' })).toMatchObject({
      status: 'idle',
      errorMessage: '',
    });
  });

  it('marks the field when the server refuses the address itself', () => {
    const refused = run(
      { type: 'edit', email: 'a@b.co' },
      { type: 'submit' },
      { type: 'fail', message: 'Disposable', invalidEmail: true },
    );
    expect(refused).toMatchObject({
      status: 'error',
      errorMessage: 'Disposable',
      invalidEmail: true,
    });
  });

  it('ignores edits while loading', () => {
    const loading = run({ type: 'edit', email: 'a@b.co' }, { type: 'submit' });
    expect(signupReducer(loading, { type: 'edit', email: '' })).toBe(loading);
  });

  it('shows an error’s text, or a generic sentence for anything else thrown', () => {
    expect(signupErrorMessage(new Error('Offline'))).toBe('Offline');
    expect(signupErrorMessage(new Error(''))).toBe(GENERIC_ERROR_MESSAGE);
    expect(signupErrorMessage('boom')).toBe(GENERIC_ERROR_MESSAGE);
    expect(GENERIC_ERROR_MESSAGE).toBe('Something went wrong. Please try again.');
  });
});
