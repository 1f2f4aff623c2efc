// React Router 7 needs TextEncoder/TextDecoder, which jsdom does not provide.
const util = require('node:util');
Object.assign(globalThis, { TextEncoder: util.TextEncoder, TextDecoder: util.TextDecoder });
require('@testing-library/jest-dom');

// Chakra UI reads matchMedia and ResizeObserver, which jsdom lacks.
if (typeof window !== 'undefined') {
  window.matchMedia ??= (query) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener() {},
    removeListener() {},
    addEventListener() {},
    removeEventListener() {},
    dispatchEvent: () => false,
  });
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
  window.scrollTo ??= () => {};
  // jsdom cannot download: a click on a download link (an exported CSV) would start a navigation
  // that jsdom reports as "not implemented", after the test file may have ended. Tests read the
  // file from the Blob they are handed instead.
  document.addEventListener('click', (event) => {
    if (event.target instanceof Element && event.target.closest('a[download]')) event.preventDefault();
  });
}

// Generous limits for a busy machine (CI has two shared cores, and `npm test` runs the component
// tests beside the journeys' browser, where a console test once took four times its time alone and
// missed a 5 s wait): a query that finds its element returns at once, so waiting longer costs
// nothing unless the test is failing anyway.
require('@testing-library/react').configure({ asyncUtilTimeout: 15000 });

// The component tests have every catalogue at hand, as if each part bundled them all: a mounted
// remote or the shell renders and switches language at once. (The portal fetches them per part,
// language and namespace; shared/src/i18n/catalogue-store.test.ts tests that path.)
{
  const { catalogues } = require('../src/i18n/catalogue-store');
  const { resources } = require('../src/i18n/resources');
  catalogues.register(resources);
}
