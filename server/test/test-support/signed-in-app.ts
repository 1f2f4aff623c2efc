import { after, before, beforeEach } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../src/plugins/external/config';
import { build, resetData } from './helper';
import { caller } from './caller';
import { startTestIdp, type TestIdp } from './test-idp';

export interface SignedInApp {
  /** The app under test, on this file's database. */
  readonly app: FastifyInstance;
  /** The test identity provider, registered with `app`. */
  readonly idp: TestIdp;
  /** `caller(app, idp).call`: the API as a demo person, signed in once through the real login path. */
  call: ReturnType<typeof caller>['call'];
  /** Forgets the sign-ins: the next call of each person signs in again. */
  forget(): void;
}

/**
 * The set-up of a server test file, registered on the enclosing describe(): before its first test,
 * an app on this file's database and the test identity provider registered with it; before each
 * test, the demo data again and no remembered sign-in (`resetData: false` keeps both); after the
 * last, the provider closed (helper.ts closes the app with the file). `config` is read in the
 * `before` hook, so it may use what an earlier `before` of the file started. `app` and `idp` are
 * there from that hook on: read them in tests and hooks, not while describe() runs.
 */
export function signedInApp(options: { config?: () => Partial<AppConfig>; resetData?: boolean } = {}): SignedInApp {
  let started: { app: FastifyInstance; idp: TestIdp; signedIn: ReturnType<typeof caller> } | undefined;
  before(async () => {
    const app = await build(options.config?.());
    const idp = await startTestIdp();
    await idp.register(app);
    started = { app, idp, signedIn: caller(app, idp) };
  });
  after(() => started?.idp.close());
  if (options.resetData !== false) {
    beforeEach(async () => {
      await resetData();
      started?.signedIn.forget();
    });
  }
  const ready = () => {
    if (!started) throw new Error('signedInApp(): the app is there from the before hook on');
    return started;
  };
  return {
    get app() {
      return ready().app;
    },
    get idp() {
      return ready().idp;
    },
    call: (...args) => ready().signedIn.call(...args),
    forget: () => ready().signedIn.forget(),
  };
}
