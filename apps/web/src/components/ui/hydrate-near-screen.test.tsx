import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useMemo, useState } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HydrateNearScreen } from './hydrate-near-screen.tsx';

/** The browser's IntersectionObserver, told by the test when the part comes near the screen. */
class Observer {
  static all: Observer[] = [];
  observed: Element[] = [];
  readonly callback: IntersectionObserverCallback;
  constructor(callback: IntersectionObserverCallback) {
    this.callback = callback;
    Observer.all.push(this);
  }
  observe(element: Element) {
    this.observed.push(element);
  }
  disconnect() {
    this.observed = [];
  }
  /** What the browser calls as the observed part scrolls to within the margin of the screen. */
  nearScreen() {
    const entries = this.observed.map(
      (target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry,
    );
    this.callback(entries, this as unknown as IntersectionObserver);
  }
}

const taken: string[] = [];
const clicked: string[] = [];

/** A part whose code has run once it is taken over: its effect says so, and its button answers. */
function Part({ label }: { label: string }) {
  useEffect(() => {
    taken.push(label);
  }, [label]);
  return (
    <button type="button" onClick={() => clicked.push(label)}>
      {label}
    </button>
  );
}

/** A page above the part, which renders again (a count) while the part waits. */
function Page() {
  const [count, setCount] = useState(0);
  const part = useMemo(() => <Part label="Calculator" />, []);
  return (
    <main>
      <button type="button" onClick={() => setCount(count + 1)}>
        Rendered {count + 1}
      </button>
      <HydrateNearScreen fallback={<p>Loading</p>}>{part}</HydrateNearScreen>
    </main>
  );
}

/** The page as the server sends it: rendered where there is no document. */
function serverHtml() {
  vi.stubGlobal('document', undefined);
  const html = renderToString(<Page />);
  vi.unstubAllGlobals();
  return html;
}

beforeEach(() => {
  taken.length = 0;
  clicked.length = 0;
  Observer.all = [];
});
afterEach(() => vi.unstubAllGlobals());

describe('HydrateNearScreen', () => {
  it("keeps the server's part as it is, its code not run, until it comes near the screen; then takes it over", async () => {
    const html = serverHtml();
    vi.stubGlobal('IntersectionObserver', Observer);
    expect(html).toContain('Calculator');
    expect(html).not.toContain('Loading');
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);

    render(<Page />, { container, hydrate: true });
    await userEvent.click(screen.getByRole('button', { name: 'Calculator' }));
    expect(taken).toEqual([]);
    expect(clicked).toEqual([]);
    const [observer] = Observer.all;
    expect(observer?.observed).toHaveLength(1);

    // The page above it renders again: the part stays the server's, not the fallback.
    await userEvent.click(screen.getByRole('button', { name: 'Rendered 1' }));
    expect(await screen.findByRole('button', { name: 'Rendered 2' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Calculator' })).toBeInTheDocument();
    expect(screen.queryByText('Loading')).not.toBeInTheDocument();
    expect(taken).toEqual([]);

    act(() => observer!.nearScreen());
    await waitFor(() => expect(taken).toEqual(['Calculator']));
    expect(observer!.observed).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Calculator' }));
    expect(clicked).toEqual(['Calculator']);
    container.remove();
  });

  it('renders the part at once on a page the browser renders itself', () => {
    vi.stubGlobal('IntersectionObserver', Observer);
    render(<Page />);
    expect(screen.getByRole('button', { name: 'Calculator' })).toBeInTheDocument();
    expect(taken).toEqual(['Calculator']);
    expect(Observer.all).toEqual([]);
  });
});
