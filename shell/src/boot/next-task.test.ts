import { nextTask } from './next-task';

describe('nextTask', () => {
  it('should resolve in a later task: after the microtasks queued before and after it, not at once', async () => {
    const order: string[] = [];
    const waiting = nextTask().then(() => order.push('next task'));
    queueMicrotask(() => order.push('microtask'));
    void Promise.resolve()
      .then(() => Promise.resolve())
      .then(() => order.push('chained microtask'));
    order.push('synchronous');
    await waiting;
    expect(order).toEqual(['synchronous', 'microtask', 'chained microtask', 'next task']);
  });

  it('should fall back on a timer where there is no MessageChannel', async () => {
    const channel = globalThis.MessageChannel;
    // @ts-expect-error: taken away for this test
    delete globalThis.MessageChannel;
    try {
      const timer = jest.spyOn(globalThis, 'setTimeout');
      await nextTask();
      expect(timer).toHaveBeenCalledWith(expect.any(Function), 0);
      timer.mockRestore();
    } finally {
      globalThis.MessageChannel = channel;
    }
  });
});
