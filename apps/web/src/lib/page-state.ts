/**
 * The server's answers for a server-rendered page, handed to the browser's query cache: written by
 * entry-server.tsx as HTML-escaped text in an inert `<template>` (never a script: no data the users
 * wrote can sit in a script element, whatever its type) and read once by main.tsx before hydrating.
 */
import type { DehydratedState } from '@tanstack/react-query';

const PAGE_STATE_ID = 'redline-state';

/** The state as a `<template>` holding its JSON as text: `&` and `<` escaped, so nothing in it is markup. */
export function pageStateElement(state: DehydratedState): string {
  const text = JSON.stringify(state).replaceAll('&', '&amp;').replaceAll('<', '&lt;');
  return `<template id="${PAGE_STATE_ID}">${text}</template>`;
}

/** The state of a server-rendered page; `undefined` for a page the browser renders itself. */
export function readPageState(): DehydratedState | undefined {
  const element = document.getElementById(PAGE_STATE_ID);
  const text = element instanceof HTMLTemplateElement ? element.content.textContent : undefined;
  return text ? (JSON.parse(text) as DehydratedState) : undefined;
}
