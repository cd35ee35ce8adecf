import { NOTIFICATION_KINDS, type NotificationPreference, notificationTypesFor } from '@redline/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aMe, seller } from '../../../testing/fixtures/user.ts';
import { layoutAnswers } from '../../../testing/layout-answers.ts';
import { answer, apiError } from '../../../testing/network.ts';
import { renderRoutes } from '../../../testing/test-utils.tsx';
import { routes } from '../../router.tsx';

/** The server's answers: the seller's settings, changed by what the page saves (or refused). */
function server({ refuse = false } = {}) {
  let items: NotificationPreference[] = notificationTypesFor('Seller').map((type) => ({
    type,
    inApp: true,
    email: NOTIFICATION_KINDS[type].email,
  }));
  const saves: unknown[] = [];
  answer({
    ...layoutAnswers(aMe(seller)),
    'GET /notifications/preferences': () => ({ items }),
    'PUT /notifications/preferences': ({ body }) => {
      saves.push(body);
      if (refuse) return apiError(400, 'bad_request', 'The server refused it.');
      items = items.map((item) => body.items.find((saved) => saved.type === item.type) ?? item);
      return { items };
    },
  });
  return { saves };
}

describe('notification settings', () => {
  it('are reached from the notifications page and list the kinds of the user’s role, two switches each', async () => {
    server();
    const { pathname } = renderRoutes(routes, { initialEntries: ['/dash/notifications'] });
    await userEvent.click(await screen.findByRole('link', { name: 'Notification settings' }));
    await waitFor(() => expect(pathname()).toBe('/dash/notifications/settings'));

    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').querySelector('span')?.textContent)).toEqual(
      notificationTypesFor('Seller').map((type) => NOTIFICATION_KINDS[type].label),
    );
    expect(screen.getByRole('switch', { name: 'Test drive requested in the app' })).toHaveProperty(
      'checked',
      true,
    );
    expect(screen.getByRole('switch', { name: 'Test drive requested by e-mail' })).toHaveProperty(
      'checked',
      true,
    );
    // A buyer's kinds are not a seller's.
    expect(screen.queryByText('Price drop')).not.toBeInTheDocument();
  });

  it('saves a switch at once, that kind only, and says so', async () => {
    const { saves } = server();
    renderRoutes(routes, { initialEntries: ['/dash/notifications/settings'] });
    const email = await screen.findByRole('switch', { name: 'New message by e-mail' });
    await userEvent.click(email);

    expect(await screen.findByText('Saved: “New message” by e-mail off')).toBeInTheDocument();
    expect(saves).toEqual([{ items: [{ type: 'message.received', inApp: true, email: false }] }]);
    expect(email).toHaveProperty('checked', false);
    expect(screen.getByRole('switch', { name: 'New message in the app' })).toHaveProperty('checked', true);
  });

  it('shows a refusal as an error toast and leaves the switch as it was', async () => {
    server({ refuse: true });
    renderRoutes(routes, { initialEntries: ['/dash/notifications/settings'] });
    const inApp = await screen.findByRole('switch', { name: 'Test drive paid in the app' });
    await userEvent.click(inApp);
    expect(await screen.findByText('The server refused it.')).toBeInTheDocument();
    await waitFor(() => expect(inApp).toHaveProperty('checked', true));
  });
});
