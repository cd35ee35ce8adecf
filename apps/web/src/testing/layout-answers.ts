/**
 * What the layouts around a page ask the API: who is signed in (`me`), the categories of the
 * navigation bar and, for a signed-in user, the unread count of the bell.
 */
import type { Answers } from './network.ts';

export function layoutAnswers(me: Answers['GET /me']): Answers {
  return {
    'GET /me': me,
    'GET /categories': [],
    'GET /notifications': { items: [], nextCursor: null, unread: 0 },
  };
}
