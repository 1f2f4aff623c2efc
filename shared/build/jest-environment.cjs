// jsdom, plus the Node runtime's own fetch: jsdom has none, and our tests talk to a real local
// HTTP server rather than to a mocked fetch. The environment class runs in Node's realm, so it can
// hand Node's fetch (and the Response/Headers/Request it returns) to the jsdom global.
const JsdomEnvironment = require('jest-environment-jsdom').default ?? require('jest-environment-jsdom');

class JsdomWithFetchEnvironment extends JsdomEnvironment {
  async setup() {
    await super.setup();
    for (const name of ['fetch', 'Response', 'Request', 'Headers']) {
      if (typeof this.global[name] === 'undefined') this.global[name] = globalThis[name];
    }
  }
}

module.exports = JsdomWithFetchEnvironment;
