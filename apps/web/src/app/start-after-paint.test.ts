/**
 * public/start-after-paint.js (ADR 77): the page's entry module is asked for once the page has
 * painted, and its main photo when it has one; at once when there is no paint to wait for (a page
 * sent empty, a tab in the background, a browser that reports no paints); never later than a second.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const SCRIPT = readFileSync(path.join(import.meta.dirname, '../../public/start-after-paint.js'), 'utf8');
const ENTRY = '/assets/index-abc123.js';

type PaintCallback = (
  entries: { getEntriesByName: (name: string) => unknown[] },
  observer: { disconnect: () => void },
) => void;
let reportPaint: ((name: string) => void) | undefined;

/** A PerformanceObserver that reports the paints a test names. */
class PaintObserver {
  static supportedEntryTypes = ['paint'];
  private readonly callback: PaintCallback;
  constructor(callback: PaintCallback) {
    this.callback = callback;
  }
  observe() {
    reportPaint = (name) =>
      this.callback({ getEntriesByName: (asked) => (asked === name ? [{ name }] : []) }, this);
  }
  disconnect() {
    reportPaint = undefined;
  }
}

/** Runs the script as the built index.html does: deferred, its tag naming the entry module. */
function runScript() {
  const tag = document.createElement('script');
  tag.dataset.module = ENTRY;
  Object.defineProperty(document, 'currentScript', { value: tag, configurable: true });
  new Function(SCRIPT)();
}

const entryScripts = () =>
  [...document.head.querySelectorAll('script[type="module"]')].map((script) => ({
    src: script.getAttribute('src'),
    crossOrigin: script.getAttribute('crossorigin'),
  }));

function renderPage(html: string) {
  document.body.innerHTML = `<div id="root">${html}</div>`;
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame'] });
  vi.stubGlobal('PerformanceObserver', PaintObserver);
  Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
});

afterEach(() => {
  // Every run of the script has started by now: this takes off the listener any has left.
  document.dispatchEvent(new Event('visibilitychange'));
  vi.useRealTimers();
  reportPaint = undefined;
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

describe('start-after-paint.js', () => {
  it('asks for the entry module once the page has painted, and once only', () => {
    renderPage('<main><h1>Cars</h1></main>');
    runScript();
    expect(entryScripts()).toEqual([]);
    reportPaint?.('first-paint');
    expect(entryScripts()).toEqual([]);

    reportPaint?.('first-contentful-paint');
    expect(entryScripts()).toEqual([{ src: ENTRY, crossOrigin: '' }]);
    vi.advanceTimersByTime(5000);
    document.dispatchEvent(new Event('visibilitychange'));
    expect(entryScripts()).toHaveLength(1);
  });

  it("waits for the main photo's paint when the photo has not come by the first paint", () => {
    renderPage('<img fetchpriority="high" src="/uploads/car-960.webp" alt="The car">');
    const photo = document.querySelector('img') as HTMLImageElement;
    Object.defineProperty(photo, 'complete', { value: false, configurable: true });
    runScript();
    reportPaint?.('first-contentful-paint');
    expect(entryScripts()).toEqual([]);

    photo.dispatchEvent(new Event('load'));
    expect(entryScripts()).toEqual([]);
    vi.advanceTimersByTime(20);
    expect(entryScripts()).toEqual([{ src: ENTRY, crossOrigin: '' }]);
  });

  it('starts with the first paint when the main photo has already come', () => {
    renderPage('<img fetchpriority="high" src="/uploads/car-960.webp" alt="The car">');
    Object.defineProperty(document.querySelector('img'), 'complete', { value: true });
    runScript();
    reportPaint?.('first-contentful-paint');
    expect(entryScripts()).toHaveLength(1);
  });

  it('never waits more than a second for a paint', () => {
    renderPage('<main><h1>Cars</h1></main>');
    runScript();
    vi.advanceTimersByTime(999);
    expect(entryScripts()).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(entryScripts()).toHaveLength(1);
  });

  it.each([
    ['a page sent empty (the browser renders it)', () => renderPage('')],
    [
      'a tab in the background',
      () => {
        renderPage('<main><h1>Cars</h1></main>');
        Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
      },
    ],
    [
      'a browser that reports no paints',
      () => {
        renderPage('<main><h1>Cars</h1></main>');
        vi.stubGlobal('PerformanceObserver', undefined);
      },
    ],
  ])('asks for the entry module at once for %s', (_, arrange) => {
    arrange();
    runScript();
    expect(entryScripts()).toEqual([{ src: ENTRY, crossOrigin: '' }]);
  });

  it('starts when the page turns hidden before it has painted', () => {
    renderPage('<main><h1>Cars</h1></main>');
    runScript();
    document.dispatchEvent(new Event('visibilitychange'));
    expect(entryScripts()).toHaveLength(1);
  });
});
