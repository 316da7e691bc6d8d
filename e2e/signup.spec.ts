import type { Page } from '@playwright/test';
import { SIGNUP_TYPES, type SignupType } from '../src/contract/signup-types.ts';
import { signupRows, uniqueEmail } from './support/database.ts';
import { expect, gotoHydrated, test } from './support/fixtures.ts';

/** Where each of the site's forms lives. */
const FORM_PAGES: Record<SignupType, string> = {
  'hero-top': '/',
  'general-bottom': '/',
  general: '/signup',
  'get-app-top': '/get-app',
  'get-app-bottom': '/get-app',
  'get-extension-top': '/get-extension',
  'get-extension-bottom': '/extension/firefox',
};

function form(page: Page, signupType: SignupType) {
  return page.locator(`[data-testid="signup"][data-signup-type="${signupType}"]`);
}

function countSignupCalls(page: Page) {
  const calls: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/utility/signup')) calls.push(request.postData() ?? '');
  });
  return calls;
}

for (const signupType of SIGNUP_TYPES) {
  test(`the ${signupType} form creates exactly one signup of that type`, async ({ page }) => {
    const email = uniqueEmail(signupType);
    await gotoHydrated(page, FORM_PAGES[signupType]);
    const signup = form(page, signupType);
    await signup.scrollIntoViewIfNeeded();

    await signup.getByLabel('Email address').fill(email);
    await signup.getByTestId('signup-submit').click();

    await expect(signup.getByText('Thanks for signing up!')).toBeVisible();
    expect(signupRows(email)).toEqual([{ email, source: signupType, program: 'CLOSED_ALPHA' }]);

    await signup.getByRole('button', { name: 'Sign Up Another Email' }).click();
    await expect(signup.getByLabel('Email address')).toHaveValue('');
    await expect(signup.getByTestId('signup-submit')).toBeDisabled();
  });
}

test('the button is disabled until an address is typed', async ({ page }) => {
  await gotoHydrated(page, '/signup');
  const signup = form(page, 'general');
  await expect(signup.getByTestId('signup-submit')).toBeDisabled();
  await signup.getByLabel('Email address').fill('a');
  await expect(signup.getByTestId('signup-submit')).toBeEnabled();
});

test('an invalid address shows the message and makes no call', async ({ page }) => {
  const calls = countSignupCalls(page);
  await gotoHydrated(page, '/signup');
  const signup = form(page, 'general');

  await signup.getByLabel('Email address').fill('not-an-email');
  await signup.getByTestId('signup-submit').click();

  await expect(signup.getByText('Please enter a valid email address')).toBeVisible();
  expect(calls).toEqual([]);
});

test('a repeated address gets the same thank-you and still one row', async ({ page }) => {
  const email = uniqueEmail('repeat');
  await gotoHydrated(page, '/signup');
  const signup = form(page, 'general');
  for (let attempt = 0; attempt < 2; attempt++) {
    await signup.getByLabel('Email address').fill(email.toUpperCase());
    await signup.getByTestId('signup-submit').click();
    await expect(signup.getByText('Thanks for signing up!')).toBeVisible();
    await signup.getByRole('button', { name: 'Sign Up Another Email' }).click();
  }
  expect(signupRows(email)).toHaveLength(1);
});

test.describe('when the API fails', () => {
  test.use({
    allowConsoleErrors:
      /status of (400|429|500)|ERR_FAILED|ERR_CONNECTION|ERR_INTERNET_DISCONNECTED/,
  });

  test("shows the server's error text", async ({ page }) => {
    await page.route('**/api/utility/signup', (route) =>
      route.fulfill({ status: 400, json: { error: 'This address cannot be used' } }),
    );
    await gotoHydrated(page, '/signup');
    const signup = form(page, 'general');
    await signup.getByLabel('Email address').fill('viewer@example.com');
    await signup.getByTestId('signup-submit').click();
    await expect(signup.getByTestId('signup-error')).toHaveText('This address cannot be used');
  });

  test("shows 'Signup failed' when the server gives no error text", async ({ page }) => {
    await page.route('**/api/utility/signup', (route) =>
      route.fulfill({ status: 500, body: 'oops' }),
    );
    await gotoHydrated(page, '/signup');
    const signup = form(page, 'general');
    await signup.getByLabel('Email address').fill('viewer@example.com');
    await signup.getByTestId('signup-submit').click();
    await expect(signup.getByTestId('signup-error')).toHaveText('Signup failed');
  });

  test('explains a network failure and keeps the address for another try', async ({ page }) => {
    await page.route('**/api/utility/signup', (route) => route.abort('internetdisconnected'));
    await gotoHydrated(page, '/signup');
    const signup = form(page, 'general');
    await signup.getByLabel('Email address').fill('viewer@example.com');
    await signup.getByTestId('signup-submit').click();
    await expect(signup.getByTestId('signup-error')).toBeVisible();
    await expect(signup.getByTestId('signup-error')).not.toBeEmpty();
    await expect(signup.getByLabel('Email address')).toHaveValue('viewer@example.com');
  });

  test('the rate limit answer is shown as the server words it', async ({ page }) => {
    await page.route('**/api/utility/signup', (route) =>
      route.fulfill({
        status: 429,
        json: { error: 'Too many attempts. Please try again in 1 minute.' },
      }),
    );
    await gotoHydrated(page, '/signup');
    const signup = form(page, 'general');
    await signup.getByLabel('Email address').fill('viewer@example.com');
    await signup.getByTestId('signup-submit').click();
    await expect(signup.getByTestId('signup-error')).toHaveText(
      'Too many attempts. Please try again in 1 minute.',
    );
  });
});
