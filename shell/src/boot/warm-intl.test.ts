import { warmIntl } from './warm-intl';

describe('warmIntl', () => {
  it('should run its steps one per idle period, in order, and go on past a step that throws', () => {
    const queued: (() => void)[] = [];
    const collator = jest.spyOn(Intl, 'Collator');
    const dates = jest.spyOn(Intl, 'DateTimeFormat');
    const numbers = jest.spyOn(Intl, 'NumberFormat');
    // A language ICU refuses: every step throws a RangeError, and the chain still goes on.
    warmIntl('not a language!', (run) => queued.push(run));
    expect(queued).toHaveLength(1);
    expect(collator).not.toHaveBeenCalled();
    queued.shift()!();
    expect(collator).toHaveBeenCalledTimes(1);
    expect(dates).not.toHaveBeenCalled();
    expect(queued).toHaveLength(1);
    queued.shift()!();
    expect(dates).toHaveBeenCalledTimes(1);
    queued.shift()!();
    expect(numbers).toHaveBeenCalledTimes(1);
    expect(queued).toHaveLength(0);
    jest.restoreAllMocks();
  });
});
