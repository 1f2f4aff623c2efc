/**
 * Resolves in a task of its own: what follows an `await nextTask()` runs after the browser has had
 * the chance to paint and to handle input. Start-up awaits it between its steps (main.tsx), so that
 * a phone's main thread is never held for the whole start at once.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof MessageChannel === 'undefined') {
      setTimeout(resolve, 0);
      return;
    }
    // A message posted to oneself runs as the next task, without setTimeout's clamping of nested calls.
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
