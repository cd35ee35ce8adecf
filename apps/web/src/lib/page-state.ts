/**
 * The server's answers for a server-rendered page, handed to the browser's query cache: written by
 * entry-server.tsx as a JSON data block (not a script that runs, so the CSP allows it) and read once
 * by main.tsx before hydrating.
 */
import type { DehydratedState } from '@tanstack/react-query';

const PAGE_STATE_ID = 'redline-state';

/** The data block; `<` is escaped so no value can close the element. */
export function pageStateElement(state: DehydratedState): string {
  const json = JSON.stringify(state).replaceAll('<', '\\u003c');
  return `<script type="application/json" id="${PAGE_STATE_ID}">${json}</script>`;
}

/** The state of a server-rendered page; `undefined` for a page the browser renders itself. */
export function readPageState(): DehydratedState | undefined {
  const text = document.getElementById(PAGE_STATE_ID)?.textContent;
  return text ? (JSON.parse(text) as DehydratedState) : undefined;
}
