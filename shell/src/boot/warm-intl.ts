/**
 * The browser's first date formatter, made in idle time and in pieces.
 *
 * The first `Intl.DateTimeFormat` of a page loads ICU's data for the locale, its calendar and time
 * zone, long enough to count as blocking on Lighthouse's phone, and it came inside the
 * render of whatever first showed a date (the discussions' list, a collection's files, the
 * trainings), making that long task longer still. Made here first, once the first screen is asked
 * for and while the page waits for its data, it costs the same but in tasks of its own; and in
 * three steps (a collator loads part of what the formatter needs), each short enough on a phone not
 * to count as blocking. Later formatters of any options and either language are then cheap
 * (docs/journal/2026-11-28-dates-formatted-once.md).
 */
const STEPS: ((language: string) => unknown)[] = [
  (language) => new Intl.Collator(language).compare('a', 'b'),
  (language) => new Intl.DateTimeFormat(language, { dateStyle: 'short', timeStyle: 'short' }).format(0),
  (language) => new Intl.NumberFormat(language).format(1000),
];

type Schedule = (run: () => void) => void;

const whenIdle: Schedule = (run) => {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: 2000 });
  else setTimeout(run, 0);
};

/** Runs each step in an idle period of its own, in order; a step that throws is skipped. */
export function warmIntl(language: string, schedule: Schedule = whenIdle): void {
  const next = (index: number) => {
    if (index >= STEPS.length) return;
    schedule(() => {
      try {
        STEPS[index]!(language);
      } catch {
        // An unknown language: the page's own formatters will say so where it matters.
      }
      next(index + 1);
    });
  };
  next(0);
}
