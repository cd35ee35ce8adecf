import { NotificationBell } from '../../features/notifications/index.ts';
import { SearchBox } from '../../features/search/index.ts';
import { ThemeToggle } from '../../features/theme/index.ts';

/**
 * What every layout's navigation bar holds besides its links: the car search box, a signed-in user's
 * notifications bell and the theme toggle.
 */
export function NavbarActions() {
  return (
    <>
      <SearchBox />
      <NotificationBell />
      <ThemeToggle />
    </>
  );
}
