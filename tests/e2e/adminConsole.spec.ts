import { expect, test } from './helpers/fixtures.ts';
import { APP_LOADING } from './helpers/appLoading.ts';
import { signIn } from './helpers/players.ts';
import { signInAdmin } from './helpers/staff.ts';

// The operator console's door (docs/operator-console.md, "Roles and access"): a player is refused;
// the admin, signed in with a code, grants a player the operator role on /admin/staff and finds the
// grant in the audit log.

test('console: a player is refused; the admin grants a role and sees it in the audit log', async ({ page, request, baseURL }) => {
  const player = await signIn(page, request, baseURL!, 'consoleplayer');
  await page.goto('/admin');
  await page.locator(APP_LOADING).waitFor({ state: 'detached', timeout: 30_000 });
  await expect(page.getByRole('alert')).toHaveText('This action is unauthorized.');
  const me = ((await (await request.get('/api/profile', { headers: player.headers })).json()) as { data: { id: number } }).data;

  await signInAdmin(page, request, baseURL!);
  await page.goto('/admin/staff');
  await expect(page.getByRole('heading', { name: 'Staff', level: 1 })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Console' })).toContainText('Console Admin');
  await page.getByLabel('Player id').fill(String(me.id));
  await page.getByRole('button', { name: 'Make operator' }).click();
  await expect(page.getByRole('status')).toHaveText(`Player ${me.id} is now operator.`);
  await expect(page.getByTestId('staff-row').filter({ hasText: player.email })).toContainText('operator');

  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Audit log' }).click();
  await page.getByLabel('Record id').fill(String(me.id));
  await page.getByLabel('Record id').press('Enter');
  await expect(page).toHaveURL(new RegExp(`target_id=${me.id}`));
  const row = page.getByTestId('audit-row').first();
  await expect(row).toContainText('staff.grant');
  await expect(row).toContainText('Console Admin');
  await expect(row).toContainText('"role": "operator"');
});
