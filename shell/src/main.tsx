import { nextTask } from './boot/next-task';
import { warmIntl } from './boot/warm-intl';

/**
 * The shell starts in steps, each in a task of its own, rather than in one long task: evaluating
 * the entry's modules (React DOM alone is more than half of them) and making the services took one
 * task of 260–420 ms on Lighthouse's phone, during which a tap went unanswered (docs/performance.md,
 * "Start-up in steps"). Each step's modules are evaluated when it imports them (`webpackMode:
 * "eager"` keeps them in this file: no extra request).
 */
async function start() {
  await nextTask();
  const { createRoot, startTransition } = await import(/* webpackMode: "eager" */ './boot/react-step');
  await nextTask();
  const { startServices } = await import(/* webpackMode: "eager" */ './boot/services-step');
  const { services, ready } = startServices();
  await nextTask();
  const { App } = await import(/* webpackMode: "eager" */ './app');
  await ready;
  await nextTask();
  // A transition: React renders the first screen in slices, yielding to the browser between them.
  const root = createRoot(document.getElementById('root')!);
  startTransition(() => root.render(<App services={services} />));
  warmIntl(services.i18n.language);
}

void start();
