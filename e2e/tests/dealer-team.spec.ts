/**
 * A dealer's team (issue 49, ADR 65): the owner invites a salesperson from the Team page, the
 * salesperson opens the e-mailed link (the server's dev outbox, as it delivers mail without SMTP),
 * signs in and accepts; the car they post shows under the dealer, and the import page refuses them;
 * the owner removes them, and they lose access while the car stays the dealer's. Its own accounts,
 * so it runs beside the rest.
 * SHOTS_DIR set: screenshots of the Team page, the invitation page and the member's dashboard, 390 and
 * 1280 px, light and dark.
 */
import { expect, signUpViaApi, test, uniqueEmail } from '../fixtures.ts';
import {
  becomeDealerViaApi,
  emailedInvitation,
  PASSWORD,
  postCar,
  signUp,
  tag,
} from '../support/marketplace.ts';
import { shoot } from '../support/shots.ts';

test('an owner invites a salesperson by e-mail, whose car is the dealer’s, and removes them', async ({
  browser,
  baseURL,
  expectNoA11yViolations,
}) => {
  const business = `Team Motors ${tag()}`;
  const memberName = `Sal Salesperson ${tag()}`;
  const memberEmail = uniqueEmail('salesperson');

  // The owner, a seller who is a dealer.
  const ownerContext = await browser.newContext({ baseURL });
  await signUp(ownerContext.request, 'Seller', `Olive Owner ${tag()}`);
  const owner = (await (await ownerContext.request.get('/api/me')).json()) as { id: string };
  await becomeDealerViaApi(ownerContext.request, business);
  const ownerPage = await ownerContext.newPage();
  await ownerPage.goto('/dash/seller/team');
  await expect(ownerPage.getByRole('heading', { level: 1, name: 'Team' })).toBeVisible();
  await ownerPage.getByRole('textbox', { name: 'E-mail address' }).fill(memberEmail);
  await ownerPage.getByLabel('Role', { exact: true }).selectOption('salesperson');
  await ownerPage.getByRole('button', { name: 'Send invitation' }).click();
  await expect(ownerPage.getByText(`Invitation sent to ${memberEmail}`)).toBeVisible();
  const pending = ownerPage.getByRole('region', { name: 'Pending invitations' });
  await expect(pending.getByText(memberEmail, { exact: true })).toBeVisible();
  await expectNoA11yViolations(ownerPage);
  await shoot(ownerPage, 'teams-team-invited');

  // The salesperson opens the e-mailed link, signs up with a seller account of that address, accepts.
  const invitation = await emailedInvitation(memberEmail);
  const memberContext = await browser.newContext({ baseURL });
  const memberPage = await memberContext.newPage();
  await memberPage.goto(invitation);
  await expect(memberPage.getByRole('heading', { name: `Join ${business}` })).toBeVisible();
  await expect(memberPage.getByRole('link', { name: 'Sign in to accept' })).toBeVisible();
  await expectNoA11yViolations(memberPage);
  await shoot(memberPage, 'teams-invitation');
  await signUpViaApi(memberContext.request, {
    name: memberName,
    email: memberEmail,
    password: PASSWORD,
    role: 'Seller',
  });
  await memberPage.reload();
  await memberPage.getByRole('button', { name: `Accept and join ${business}` }).click();
  await expect(memberPage.getByText(`You now sell for ${business}`)).toBeVisible();
  await memberPage.waitForURL('**/dash');
  await expect(memberPage.getByText(`Selling for ${business} as a salesperson`).first()).toBeVisible();
  await expectNoA11yViolations(memberPage);
  await shoot(memberPage, 'teams-member-dashboard');

  // The car the salesperson posts is the dealer's: its page lists it.
  const car = await postCar(memberContext.request, `Emira ${tag()}`);
  await memberPage.goto('/dash/seller/addedproducts');
  await expect(memberPage.getByRole('row').filter({ hasText: car.model })).toHaveCount(1);
  await ownerPage.goto(`/sellers/${owner.id}`);
  await expect(ownerPage.getByRole('heading', { level: 1, name: business })).toBeVisible();
  const dealerCars = ownerPage.getByRole('region', { name: `Cars for sale at ${business}` });
  await expect(dealerCars.getByTestId('car-card').filter({ hasText: car.model })).toHaveCount(1);

  // Importing inventory is the owner's and managers': the salesperson who opens its address is
  // refused (the API's 403 is the page's status) and sees why, with no upload form.
  const importPage = await memberPage.goto('/dash/seller/import');
  expect(importPage?.status()).toBe(403);
  await expect(memberPage.getByText('Your dealership’s owner and managers import its cars.')).toBeVisible();
  await expect(memberPage.getByRole('form', { name: 'Upload a file' })).toHaveCount(0);
  await expect(memberPage.getByLabel('Inventory file')).toHaveCount(0);

  // The owner removes the salesperson, after a confirmation.
  await ownerPage.goto('/dash/seller/team');
  await expect(ownerPage.getByText(memberName, { exact: true })).toBeVisible();
  await shoot(ownerPage, 'teams-team');
  await ownerPage.getByRole('button', { name: `Remove ${memberName}` }).click();
  const dialog = ownerPage.getByRole('dialog', { name: `Remove ${memberName} from your team?` });
  await dialog.getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(ownerPage.getByText(`${memberName} is no longer in your team`)).toBeVisible();

  // The former member sees none of the dealer's cars and cannot change them; the dealer keeps the car.
  await memberPage.goto('/dash/seller/addedproducts');
  await expect(memberPage.getByText('You have not posted a car yet')).toBeVisible();
  await expect(memberPage.getByRole('row').filter({ hasText: car.model })).toHaveCount(0);
  const edit = await memberContext.request.patch(`/api/cars/${car.id}`, {
    headers: { origin: baseURL! },
    data: { kmDriven: 1 },
  });
  expect(edit.status()).toBe(403);
  await ownerPage.goto('/dash/seller/addedproducts');
  await expect(ownerPage.getByRole('row').filter({ hasText: car.model })).toHaveCount(1);

  await memberContext.close();
  await ownerContext.close();
});
