import { defineIsland } from '../../lib/island.tsx';
import { SignupForm, type SignupFormProps } from './signup-form.tsx';

/** The signup form as an island of a page without React Router in the browser. */
export const signupFormIsland = defineIsland('signup-form', (props: SignupFormProps) => (
  <SignupForm {...props} />
));
