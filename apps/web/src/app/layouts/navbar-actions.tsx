import { SearchBox } from '../../features/search/index.ts';
import { ThemeToggle } from '../../features/theme/index.ts';

/** What every layout's navigation bar holds besides its links: the car search box and the theme toggle. */
export function NavbarActions() {
  return (
    <>
      <SearchBox />
      <ThemeToggle />
    </>
  );
}
