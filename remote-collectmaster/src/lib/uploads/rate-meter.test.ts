import { RateMeter } from './rate-meter';

describe('RateMeter', () => {
  it('should tell no speed before it has enough history, then bytes per second over the recent window', () => {
    let now = 0;
    const meter = new RateMeter(() => now);
    meter.reset(0);
    now = 100;
    expect(meter.sample(1000)).toBeNull();
    now = 1000;
    expect(meter.sample(10_000)).toBe(10_000);
    now = 2000;
    expect(meter.sample(30_000)).toBe(15_000);
  });

  it('should forget samples older than its window, so that a slowdown shows', () => {
    let now = 0;
    const meter = new RateMeter(() => now);
    meter.reset(0);
    for (let second = 1; second <= 5; second += 1) {
      now = second * 1000;
      meter.sample(second * 1_000_000);
    }
    for (let second = 6; second <= 12; second += 1) {
      now = second * 1000;
      meter.sample(5_000_000 + (second - 5) * 100_000);
    }
    expect(meter.sample(5_700_000)).toBeLessThan(200_000);
  });

  it('should count from the offset it was reset to, not from zero', () => {
    let now = 0;
    const meter = new RateMeter(() => now);
    meter.reset(50_000_000);
    now = 1000;
    expect(meter.sample(51_000_000)).toBe(1_000_000);
  });
});
