/**
 * The cars a visitor chose to compare (issue 48): at most COMPARE_MAX, kept in localStorage so that
 * they stay across visits, with what the compare tray shows of each (its name and cover photo). The
 * server has no list: its render and the browser's first one show none, and the list appears once
 * the page has hydrated (useSyncExternalStore's server snapshot), so the two renders agree.
 */
import { COMPARE_MAX } from '@redline/shared';
import { useSyncExternalStore } from 'react';

/** A car on the list: what the tray shows without asking the server. */
export interface ComparedCar {
  id: string;
  name: string;
  photo: string;
}

export const COMPARE_STORAGE_KEY = 'redline-compare';
export const COMPARE_FULL_MESSAGE = `You can compare up to ${COMPARE_MAX} cars: remove one to add another.`;

const NONE: readonly ComparedCar[] = [];
const listeners = new Set<() => void>();
/** The list as last read, by the stored text it was read from, so that an unchanged list is the same array. */
let read: { text: string | null; list: readonly ComparedCar[] } = { text: null, list: NONE };
/** The list while storage is blocked: it holds for this page view. */
let unstored: readonly ComparedCar[] | undefined;

const isComparedCar = (value: unknown): value is ComparedCar =>
  typeof value === 'object' &&
  value !== null &&
  ['id', 'name', 'photo'].every((key) => typeof (value as Record<string, unknown>)[key] === 'string');

/** The stored list: none when storage holds something else (an older or edited entry). */
function parse(text: string | null): readonly ComparedCar[] {
  try {
    const value: unknown = JSON.parse(text ?? '[]');
    return Array.isArray(value) ? value.filter(isComparedCar).slice(0, COMPARE_MAX) : NONE;
  } catch {
    return NONE;
  }
}

function getSnapshot(): readonly ComparedCar[] {
  if (unstored) return unstored;
  let text: string | null;
  try {
    text = window.localStorage.getItem(COMPARE_STORAGE_KEY);
  } catch {
    return NONE;
  }
  if (text !== read.text) read = { text, list: parse(text) };
  return read.list;
}

function notify() {
  for (const listener of listeners) listener();
}

/** A list changed in another tab. */
function onStorage(event: StorageEvent) {
  if (event.key === COMPARE_STORAGE_KEY || event.key === null) notify();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (listeners.size === 1) window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}

function save(list: readonly ComparedCar[]) {
  try {
    window.localStorage.setItem(COMPARE_STORAGE_KEY, JSON.stringify(list));
  } catch {
    unstored = list;
  }
  notify();
}

/**
 * Adds the car, or takes it off when it is on the list; `full` (and no change) when the list holds
 * COMPARE_MAX cars already.
 */
export function toggleCompared(car: ComparedCar): 'added' | 'removed' | 'full' {
  const list = getSnapshot();
  if (list.some((chosen) => chosen.id === car.id)) {
    save(list.filter((chosen) => chosen.id !== car.id));
    return 'removed';
  }
  if (list.length >= COMPARE_MAX) return 'full';
  save([...list, car]);
  return 'added';
}

/** Takes the car off the list, when it is on it. */
export function forgetCompared(id: string) {
  const list = getSnapshot();
  if (list.some((chosen) => chosen.id === id)) save(list.filter((chosen) => chosen.id !== id));
}

export function clearCompared() {
  save(NONE);
}

/** The chosen cars, in the order they were chosen; none on the server and while hydrating. */
export function useComparedCars(): readonly ComparedCar[] {
  return useSyncExternalStore(subscribe, getSnapshot, () => NONE);
}
