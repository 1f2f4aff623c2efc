import { act, render, screen } from '@testing-library/react';
import { createSnackbarBus } from './snackbar-bus';
import { SnackbarHost } from './snackbar-host';

describe('createSnackbarBus', () => {
  it('should hand every notification to every subscriber until they unsubscribe', () => {
    const bus = createSnackbarBus();
    const first: string[] = [];
    const second: string[] = [];
    const stopFirst = bus.subscribe((message) => first.push(`${message.kind}:${message.message}`));
    bus.subscribe((message) => second.push(message.message));
    bus.notify({ kind: 'success', message: 'Saved' });
    stopFirst();
    bus.notify({ kind: 'error', message: 'Broken' });
    expect(first).toEqual(['success:Saved']);
    expect(second).toEqual(['Saved', 'Broken']);
  });

  it('should keep a notification sent before anyone listens for the first subscriber', () => {
    const bus = createSnackbarBus();
    bus.notify({ kind: 'success', message: 'Successfully logged out ! See you next time !' });
    const heard: string[] = [];
    bus.subscribe((message) => heard.push(message.message));
    bus.subscribe((message) => heard.push(`late: ${message.message}`));
    expect(heard).toEqual(['Successfully logged out ! See you next time !']);
  });
});

describe('SnackbarHost', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('should show a notification top-end and close it after 2000 ms', () => {
    const bus = createSnackbarBus();
    render(<SnackbarHost bus={bus} />);
    act(() => bus.notify({ kind: 'success', message: 'Successfully logged in ! Welcome back !' }));
    const toast = screen.getByRole('status');
    expect(toast).toHaveTextContent('Successfully logged in ! Welcome back !');
    expect(toast.parentElement).toHaveAttribute('data-placement', 'top-end');
    expect(toast.parentElement).toHaveStyle({ position: 'fixed', top: '16px' });

    act(() => jest.advanceTimersByTime(1999));
    expect(screen.getByRole('status')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('should render success and error variants in their own colours, each with its own timer', () => {
    const bus = createSnackbarBus();
    render(<SnackbarHost bus={bus} />);
    act(() => bus.notify({ kind: 'success', message: 'Done' }));
    act(() => jest.advanceTimersByTime(1000));
    act(() => bus.notify({ kind: 'error', message: 'Error 500 : Internal Server Error' }));
    const [success, error] = screen.getAllByRole('status');
    expect(success).toHaveAttribute('data-kind', 'success');
    expect(error).toHaveAttribute('data-kind', 'error');
    expect(success).toHaveStyle({ background: '#1a7a43' });
    expect(error).toHaveStyle({ background: '#c62828' });
    expect(error).toHaveAttribute('aria-live', 'assertive');

    act(() => jest.advanceTimersByTime(1000));
    expect(screen.getAllByRole('status').map((toast) => toast.textContent)).toEqual(['Error 500 : Internal Server Error']);
  });
});
