import type { Locator, Page, Request } from '@playwright/test';
import type { SignupType } from '../src/contract/signup-types.ts';
import { axeViolations } from './support/admin.ts';
import { signupRows, uniqueEmail } from './support/database.ts';
import { expect, gotoHydrated, test } from './support/fixtures.ts';

/** Every page with the signup form, and its forms in page order. */
const FORM_PAGES: [path: string, types: SignupType[]][] = [
  ['/', ['hero-top', 'general-bottom']],
  ['/signup', ['general']],
  ['/get-app', ['get-app-top', 'get-app-bottom']],
  ['/get-extension', ['get-extension-top', 'get-extension-bottom']],
];

/** The error colour (app.css `--color-error`). */
const ERROR_COLOUR = 'rgb(255, 138, 128)';

function form(page: Page, signupType: SignupType): Locator {
  return page.locator(`[data-testid="signup"][data-signup-type="${signupType}"]`);
}

type Box = { top: number; bottom: number; left: number; right: number };

async function box(locator: Locator): Promise<Box> {
  return locator.evaluate((element) => {
    const { top, bottom, left, right } = element.getBoundingClientRect();
    return { top, bottom, left, right };
  });
}

test.describe('on a 360 x 640 phone, the signup page', () => {
  test.use({ viewport: { width: 360, height: 640 } });

  test('shows the field and the button on the first screen, clear of the consent bar', async ({
    page,
  }) => {
    // A first visit: the analytics question is open too.
    await gotoHydrated(page, '/signup');
    const signup = form(page, 'general');
    const field = await box(signup.getByLabel('Email address'));
    const button = await box(signup.getByTestId('signup-submit'));
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(field.top).toBeGreaterThanOrEqual(64);
    expect(field.bottom).toBeLessThanOrEqual(640);
    expect(button.bottom).toBeLessThanOrEqual(640);

    const bar = await box(page.getByTestId('consent-banner'));
    for (const control of [field, button]) {
      expect(control.bottom <= bar.top || control.top >= bar.bottom).toBe(true);
    }
    // What early access includes follows the form.
    const includes = await box(page.getByRole('heading', { name: 'What early access includes' }));
    expect(includes.top).toBeGreaterThan(button.bottom);
  });
});

for (const width of [360, 1440]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width < 768 ? 640 : 900 } });

    for (const [path, types] of FORM_PAGES) {
      test(`${path}: the error sits at the field it is about, the button after it`, async ({
        page,
      }) => {
        await gotoHydrated(page, path);
        for (const signupType of types) {
          const signup = form(page, signupType);
          await signup.scrollIntoViewIfNeeded();
          const field = signup.getByLabel('Email address');
          await field.fill('not-an-email');
          await signup.getByTestId('signup-submit').click();

          const error = signup.getByTestId('signup-error');
          await expect(error).toHaveText('Please enter a valid email address');
          await expect(field).toBeFocused();
          await expect(field).toHaveAttribute('aria-invalid', 'true');
          await expect(field).toHaveAttribute(
            'aria-describedby',
            (await error.getAttribute('id'))!,
          );
          await expect(error).toHaveCSS('color', ERROR_COLOUR);
          // The field's own ring and border say so too, not the gold of an ordinary focus.
          await expect(field).toHaveCSS('outline-color', ERROR_COLOUR);
          await expect(field).toHaveCSS('border-top-color', ERROR_COLOUR);

          const fieldBox = await box(field);
          const errorBox = await box(error);
          const buttonBox = await box(signup.getByTestId('signup-submit'));
          expect(errorBox.top, signupType).toBeGreaterThanOrEqual(fieldBox.bottom);
          expect(errorBox.top - fieldBox.bottom, signupType).toBeLessThanOrEqual(12);
          expect(errorBox.left, signupType).toBeGreaterThanOrEqual(fieldBox.left);
          expect(errorBox.right, signupType).toBeLessThanOrEqual(fieldBox.right + 1);
          if (buttonBox.top >= fieldBox.bottom) {
            // One column: the button comes after the message.
            expect(buttonBox.top, signupType).toBeGreaterThanOrEqual(errorBox.bottom);
          } else {
            // Side by side: the button stays level with the field.
            expect(buttonBox.top, signupType).toBe(fieldBox.top);
          }
          expect(await axeViolations(page), signupType).toEqual([]);

          // Typing again clears the message and the mark.
          await field.fill('viewer@example.com');
          await expect(error).toHaveCount(0);
          await expect(field).not.toHaveAttribute('aria-invalid');
          await expect(field).not.toHaveAttribute('aria-describedby');
        }
      });
    }
  });
}

test.describe('when the server refuses', () => {
  test.use({ allowConsoleErrors: /status of (400|503)/ });

  test('an address it refuses is marked at the field; a failed request is told there, unmarked', async ({
    page,
  }) => {
    let answer = { status: 400, json: { error: 'Please use a permanent email address' } };
    await page.route('**/api/utility/signup', (route) => route.fulfill(answer));
    await gotoHydrated(page, '/signup');
    const signup = form(page, 'general');
    const field = signup.getByLabel('Email address');
    const error = signup.getByTestId('signup-error');

    await field.fill('viewer@example.com');
    await signup.getByTestId('signup-submit').click();
    await expect(error).toHaveText('Please use a permanent email address');
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveAttribute('aria-describedby', 'signup-general-error');

    answer = { status: 503, json: { error: 'We couldn’t save your signup right now.' } };
    await field.fill('viewer@example.org');
    await signup.getByTestId('signup-submit').click();
    await expect(error).toHaveText('We couldn’t save your signup right now.');
    await expect(field).not.toHaveAttribute('aria-invalid');
    await expect(field).toHaveAttribute('aria-describedby', 'signup-general-error');
    const fieldBox = await box(field);
    expect((await box(error)).top).toBeGreaterThanOrEqual(fieldBox.bottom);
    expect((await box(signup.getByTestId('signup-submit'))).top).toBeGreaterThanOrEqual(
      (await box(error)).bottom,
    );
  });
});

const INACTIVE = 'rgb(21, 24, 35)';
const GOLD = 'rgb(255, 201, 77)';

test.describe('before the script runs', () => {
  test.use({ javaScriptEnabled: false });

  test('the empty form’s button reads as inactive, and works', async ({ page }) => {
    await page.goto('/signup');
    const button = form(page, 'general').getByTestId('signup-submit');
    await expect(button).toBeEnabled();
    await expect(button).toHaveCSS('background-color', INACTIVE);
    await form(page, 'general').getByLabel('Email address').fill('v');
    await expect(button).toHaveCSS('background-color', GOLD);
  });
});

test('the empty form’s button reads as inactive once the script runs, as before', async ({
  page,
}) => {
  await gotoHydrated(page, '/signup');
  const button = form(page, 'general').getByTestId('signup-submit');
  await expect(button).toBeDisabled();
  await expect(button).toHaveCSS('background-color', INACTIVE);
  await form(page, 'general').getByLabel('Email address').fill('v');
  await expect(button).toBeEnabled();
  await expect(button).toHaveCSS('background-color', GOLD);
});

function signupCalls(page: Page): Request[] {
  const calls: Request[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/utility/signup')) calls.push(request);
  });
  return calls;
}

/** The panel's text with the address taken out: what every address is told. */
async function panelText(signup: Locator, email: string): Promise<string> {
  const text = await signup.getByTestId('signup-success').innerText();
  return text.replaceAll(email, '<address>');
}

test('the thank-you panel names the address, says what comes next and sends the mail again', async ({
  page,
}) => {
  const calls = signupCalls(page);
  const email = uniqueEmail('thanks');
  await gotoHydrated(page, '/signup');
  const signup = form(page, 'general');
  await signup.getByLabel('Email address').fill(email);
  await signup.getByTestId('signup-submit').click();

  const panel = signup.getByTestId('signup-success');
  await expect(panel.getByText('Thanks for signing up!')).toBeFocused();
  const nextStep = panel.getByTestId('signup-next-step');
  await expect(nextStep).toContainText('One more step: confirm your address');
  await expect(nextStep).toContainText(`We’re sending a link to ${email}. Open it within 7 days`);
  await expect(panel).not.toContainText('If your address');
  await expect(panel).not.toContainText("'");
  // The agreement belongs to the form; it goes with it.
  await expect(page.getByText('By signing up you agree')).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);
  const newAddress = await panelText(signup, email);

  await panel.getByTestId('signup-resend-button').click();
  await expect(panel.getByTestId('signup-resend')).toContainText(`Asked again for ${email}.`);
  await expect(panel.getByTestId('signup-resend').getByText(/Asked again/)).toBeFocused();
  expect(calls).toHaveLength(2);
  expect(calls[1]!.postDataJSON()).toEqual(calls[0]!.postDataJSON());
  expect(signupRows(email)).toHaveLength(1);

  // A known address is told exactly what a new one is.
  await panel.getByRole('button', { name: 'Sign Up Another Email' }).click();
  await signup.getByLabel('Email address').fill(email);
  await signup.getByTestId('signup-submit').click();
  await expect(signup.getByTestId('signup-success')).toBeVisible();
  expect(await panelText(signup, email)).toBe(newAddress);
  await expect(page.getByText('By signing up you agree')).toHaveCount(0);
  await signup.getByRole('button', { name: 'Sign Up Another Email' }).click();
  await expect(page.getByText('By signing up you agree')).toBeVisible();
});
