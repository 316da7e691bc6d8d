import {
  ACCESS_DENIED,
  ADMIN_EMAIL,
  SESSION_ENDED,
  expectDashboard,
  searchBox,
  signIn,
  signupsPanel,
} from './support/admin.ts';
import { idleSession, startAdminSession } from './support/admin-data.ts';
import { expect, test } from './support/admin-fixtures.ts';
import { gotoHydrated } from './support/fixtures.ts';

// An ended session answers 401 and a refused address 403; the browser logs both.
test.use({ allowConsoleErrors: /40[13] \((Unauthorized|Forbidden)\)/ });

test('a session left idle past the 60-minute limit returns the dashboard to sign-in on the next tab change', async ({
  signedIn: page,
  context,
}) => {
  // 59 minutes is still inside the limit: the list reloads as usual.
  await idleSession(context, 59);
  await page.getByRole('tab', { name: 'User Management' }).click();
  await expect(page.getByRole('heading', { name: /^Users/ })).toBeVisible();
  await expect(page.getByText('Loading users...')).toBeHidden();

  await idleSession(context, 61);
  await page.getByRole('tab', { name: 'Signups' }).click();
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText(SESSION_ENDED);
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toHaveCount(0);
  await expect(page.getByRole('table')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Sign In with Google' })).toBeEnabled();
  // The server no longer knows the session either.
  expect(await page.evaluate(async () => (await fetch('/api/auth/session')).status)).toBe(401);
});

test('a session that ran out while idle ends on the next search, and signing in again works', async ({
  signedIn: page,
  context,
}) => {
  await idleSession(context, 61);
  await searchBox(page).fill('anything');
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText(SESSION_ENDED);

  await signIn(page);
  await expectDashboard(page);
  await expect(signupsPanel(page).getByRole('heading', { level: 2 })).toBeVisible();
});

test('an admin no longer on the allow-list is refused with 403 and shown no data', async ({
  page,
  context,
  secondDeployment,
}) => {
  // A live session of the local admin, on a service whose allow-list no longer has the address.
  await startAdminSession(context, { email: ADMIN_EMAIL, displayName: 'Local Admin' });
  const calls: { url: string; status: number }[] = [];
  page.on('response', (response) => {
    if (/\/api\/(auth\/session|admin\/|email\/)/.test(response.url())) {
      calls.push({ url: new URL(response.url()).pathname, status: response.status() });
    }
  });
  await gotoHydrated(page, `${secondDeployment.origin}/admin`);
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText(ACCESS_DENIED);
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toHaveCount(0);
  await expect(page.getByRole('table')).toHaveCount(0);
  await expect(page.getByText(ADMIN_EMAIL)).toHaveCount(0);
  expect(calls).toEqual([{ url: '/api/auth/session', status: 403 }]);

  // The same session is still an admin where the address is allow-listed.
  await gotoHydrated(page, '/admin');
  await expectDashboard(page);
});

test('a list answering 403 in the middle of a session ends the dashboard with the denial', async ({
  signedIn: page,
}) => {
  // The allow-list cannot change under the running e2e server, so this answer is injected.
  await page.route('**/api/admin/users*', (route) =>
    route.fulfill({ status: 403, json: { message: ACCESS_DENIED } }),
  );
  await page.getByRole('tab', { name: 'User Management' }).click();
  // The account that lost its rights is named.
  await expect(page.getByRole('alert')).toHaveText(
    `${ADMIN_EMAIL} is not allowed to use the admin dashboard.${ACCESS_DENIED}`,
  );
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toHaveCount(0);
  await expect(page.getByRole('table')).toHaveCount(0);
});
