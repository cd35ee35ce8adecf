import type { DehydratedState } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { pageStateElement, readPageState } from './page-state.ts';

const hostile = '</template><script>alert(1)</script><img src=x onerror=alert(2)> &lt; &amp;';
const state = {
  mutations: [],
  queries: [{ queryKey: ['cars', 'detail', 'c1'], queryHash: 'h', state: { data: { about: hostile } } }],
} as unknown as DehydratedState;

afterEach(() => {
  document.body.innerHTML = '';
});

describe('page state', () => {
  it('reaches the browser exactly as the server had it, whatever the users wrote, and stays inert', () => {
    document.body.innerHTML = `<div id="root"></div>${pageStateElement(state)}`;

    expect(readPageState()).toEqual(state);
    expect(document.scripts).toHaveLength(0);
    expect(document.querySelectorAll('img, [onerror]')).toHaveLength(0);
    expect(document.body.children).toHaveLength(2);
  });

  it('is undefined on a page the server did not render', () => {
    document.body.innerHTML = '<div id="root"></div>';
    expect(readPageState()).toBeUndefined();
  });
});
