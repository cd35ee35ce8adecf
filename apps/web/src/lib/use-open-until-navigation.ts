/**
 * Open/closed state for a menu or drawer that closes whenever the page changes. It is adjusted while
 * rendering (React's pattern for state that follows a changing value), so the menu never shows open,
 * even for a frame, on the page it led to.
 */
import { useState } from 'react';
import { useLocation } from 'react-router';

export function useOpenUntilNavigation() {
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const [openOn, setOpenOn] = useState(pathname);
  if (openOn !== pathname) {
    setOpenOn(pathname);
    setOpen(false);
  }
  return [open && openOn === pathname, setOpen] as const;
}
