// Asks for the page's JavaScript once the page has painted (ADR 77): the server's HTML is the page,
// so on a slow link its stylesheet and main photo have the bandwidth to themselves, and the page
// shows before the scripts that take it over arrive. The build puts this file where index.html
// named its entry module, the module's address in data-module (vite.config.ts). It runs once the
// document is parsed (defer), with the stylesheet in.
(() => {
  const entry = document.currentScript.dataset.module;
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    const script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    document.head.append(script);
  };
  const rendered = document.getElementById('root')?.firstElementChild;
  const paints = window.PerformanceObserver?.supportedEntryTypes?.includes('paint');
  // At once when there is no paint to wait for: a tab in the background, a page sent empty (main.tsx
  // renders it), a browser that does not report paints.
  if (document.visibilityState !== 'visible' || !rendered || !paints) return start();
  document.addEventListener('visibilitychange', start, { once: true });
  // Never later than this, whatever the page paints.
  setTimeout(start, 1000);
  // After the first paint, and after the main photo's when the page has one that has not come yet
  // (the server marks it fetchpriority="high" and preloads it): its paint is the page's largest.
  const afterMainPhoto = () => {
    const photo = document.querySelector('#root img[fetchpriority="high"]');
    if (!photo || photo.complete) return start();
    photo.addEventListener('load', () => requestAnimationFrame(() => setTimeout(start)), { once: true });
    photo.addEventListener('error', start, { once: true });
  };
  new PerformanceObserver((entries, observer) => {
    if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    afterMainPhoto();
  }).observe({ type: 'paint', buffered: true });
})();
