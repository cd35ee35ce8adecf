// Adds the page's entry module (data-module) once the page has painted: ADR 77, vite.config.ts.
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
  // At once for a page sent empty, a tab in the background, a browser that reports no paints.
  const rendered = document.getElementById('root')?.firstElementChild;
  const paints = window.PerformanceObserver?.supportedEntryTypes?.includes('paint');
  if (document.visibilityState !== 'visible' || !rendered || !paints) return start();
  document.addEventListener('visibilitychange', start, { once: true });
  setTimeout(start, 1000);
  // After the first paint, and the main photo's (preloaded, fetchpriority="high") if it comes later.
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
