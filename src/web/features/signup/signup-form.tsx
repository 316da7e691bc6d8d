import type { SignupType } from '../../../contract/signup.ts';

export interface SignupFormProps {
  /** Which of the site's forms this is; recorded with the signup. */
  signupType: SignupType;
  /** Visual variant: 'hero' sits on the hero, 'panel' in a section of its own. */
  variant?: 'hero' | 'panel';
  /** Text on the submit button. */
  submitLabel?: string;
}

/** The early-access signup form used by every form type. */
export function SignupForm({ signupType, submitLabel = 'Get Early Access' }: SignupFormProps) {
  return (
    <form data-signup-type={signupType}>
      <button type="submit">{submitLabel}</button>
    </form>
  );
}
