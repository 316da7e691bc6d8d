import { openDashboard, signIn } from './support/admin.ts';
import { expect, test } from './support/fixtures.ts';

// Asking for the session while signed out answers 401, which the browser logs.
test.use({ allowConsoleErrors: /401 \(Unauthorized\)/ });

test('an admin signs out of the local sign-in service', async ({ page }) => {
  await openDashboard(page);
  await signIn(page);

  // Signed in at the provider: it asks first, on a page in the site's style.
  await page.goto('/oidc/session/end');
  await expect(page.getByRole('heading', { name: 'Sign out' })).toBeVisible();
  await page.getByRole('button', { name: 'Yes, sign me out' }).click();
  await expect(page.getByRole('heading', { name: 'Signed out' })).toBeVisible();

  // No longer signed in there: the page submits itself with its inline script.
  await page.goto('/oidc/session/end');
  await expect(page).toHaveURL(/\/oidc\/session\/end\/success$/);
  await expect(page.getByText('You are signed out of the local sign-in service.')).toBeVisible();
});
