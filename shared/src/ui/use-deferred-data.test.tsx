import { act, render } from '@testing-library/react';
import { useDeferredData } from './use-deferred-data';

interface Result {
  data?: string;
  isLoading: boolean;
  error?: Error;
}

function Probe({ result, seen }: { result: Result; seen: [string | undefined, boolean, Error | undefined][] }) {
  const deferred = useDeferredData(result);
  seen.push([deferred.data, deferred.isLoading, deferred.error]);
  return <p>{deferred.data ?? 'loading'}</p>;
}

describe('useDeferredData', () => {
  it('should render the new data in a second, deferred render, still loading in the first', () => {
    const seen: [string | undefined, boolean, Error | undefined][] = [];
    const { rerender, container } = render(<Probe result={{ isLoading: true }} seen={seen} />);
    expect(seen).toEqual([[undefined, true, undefined]]);
    seen.length = 0;
    act(() => rerender(<Probe result={{ data: 'rows', isLoading: false }} seen={seen} />));
    // First the urgent render: the data as it was, still loading; then the deferred one with the rows.
    expect(seen).toEqual([
      [undefined, true, undefined],
      ['rows', false, undefined],
    ]);
    expect(container.textContent).toBe('rows');
  });

  it('should keep the previous data until the next is rendered, and pass every other field at once', () => {
    const seen: [string | undefined, boolean, Error | undefined][] = [];
    const { rerender } = render(<Probe result={{ data: 'first', isLoading: false }} seen={seen} />);
    seen.length = 0;
    const failure = new Error('down');
    act(() => rerender(<Probe result={{ data: 'second', isLoading: false, error: failure }} seen={seen} />));
    expect(seen).toEqual([
      ['first', false, failure],
      ['second', false, failure],
    ]);
  });
});
