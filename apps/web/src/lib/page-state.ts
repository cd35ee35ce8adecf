/**
 * The server's answers for a server-rendered page, handed to the browser's query cache: written by
 * entry-server.tsx as HTML-escaped text in an inert `<template>` (never a script: no data the users
 * wrote can sit in a script element, whatever its type) and read once by main.tsx before hydrating.
 * It holds the queries that succeeded, and those the API refused: "not yours to see" (403), "does not
 * exist" (404) or "no longer exists" (410): the page shows its refused, not-found or gone state on the
 * server and in the browser alike, without asking again.
 */
import { type DehydratedState, dehydrate, type Query, type QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client.ts';

const PAGE_STATE_ID = 'redline-state';

/** An `ApiError` as JSON (an Error's own `message` is not enumerable, so JSON.stringify drops it). */
type ApiErrorJson = Pick<ApiError, 'status' | 'code' | 'message' | 'fields' | 'requestId'>;

/**
 * The status of a query the API refused for good: "not yours to see" (403, another seller's figures),
 * "does not exist" (404) or "no longer exists" (410, a deleted car). Asking again would answer the same.
 */
export function answeredRefusal(query: Pick<Query, 'state'>): 403 | 404 | 410 | undefined {
  const { error } = query.state;
  return error instanceof ApiError && (error.status === 403 || error.status === 404 || error.status === 410)
    ? error.status
    : undefined;
}

/** What of `client`'s cache the page hands over: the queries that succeeded or were refused for good. */
export function pageState(client: QueryClient): DehydratedState {
  return dehydrate(client, {
    shouldDehydrateQuery: (query) => query.state.status === 'success' || answeredRefusal(query) !== undefined,
  });
}

/** The state as a `<template>` holding its JSON as text: `&` and `<` escaped, so nothing in it is markup. */
export function pageStateElement(state: DehydratedState): string {
  const queries = state.queries.map((query) => {
    const { error } = query.state;
    if (!(error instanceof ApiError)) return query;
    const { status, code, message, fields, requestId } = error;
    const json: ApiErrorJson = { status, code, message, fields, requestId };
    return { ...query, state: { ...query.state, error: json, fetchFailureReason: json } };
  });
  const text = JSON.stringify({ ...state, queries })
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;');
  return `<template id="${PAGE_STATE_ID}">${text}</template>`;
}

/** The state of a server-rendered page; `undefined` for a page the browser renders itself. */
export function readPageState(): DehydratedState | undefined {
  const element = document.getElementById(PAGE_STATE_ID);
  const text = element instanceof HTMLTemplateElement ? element.content.textContent : undefined;
  if (!text) return undefined;
  const state = JSON.parse(text) as DehydratedState;
  for (const { state: query } of state.queries) {
    const error = query.error as ApiErrorJson | null;
    if (error) {
      query.error = new ApiError(error.status, error.code, error.message, error.fields, error.requestId);
      query.fetchFailureReason = query.error;
    }
  }
  return state;
}
