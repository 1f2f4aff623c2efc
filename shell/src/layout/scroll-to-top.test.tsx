import { en } from '@hub/shared/i18n';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeServices, renderInShell } from '../test-support/render-shell';
import { ScrollToTop } from './scroll-to-top';

function scrollTo(y: number) {
  act(() => {
    Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
    fireEvent.scroll(window);
  });
}

describe('ScrollToTop', () => {
  const scroll = jest.fn();
  beforeEach(() => {
    scroll.mockClear();
    window.scrollTo = scroll as unknown as typeof window.scrollTo;
  });

  it('should appear only past 200 px, named, and scroll smoothly to the top from the keyboard', async () => {
    renderInShell(<ScrollToTop />, makeServices());
    scrollTo(200);
    expect(screen.queryByRole('button', { name: en.shell.layout.scrollTop })).not.toBeInTheDocument();
    scrollTo(201);
    const button = screen.getByRole('button', { name: en.shell.layout.scrollTop });
    button.focus();
    await userEvent.keyboard('{Enter}');
    expect(scroll).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' });
    scrollTo(0);
    expect(screen.queryByRole('button', { name: en.shell.layout.scrollTop })).not.toBeInTheDocument();
  });

  it('should appear on a page opened already scrolled past 200 px, without a scroll event', async () => {
    Object.defineProperty(window, 'scrollY', { value: 640, configurable: true });
    renderInShell(<ScrollToTop />, makeServices());
    await waitFor(() => expect(screen.getByRole('button', { name: en.shell.layout.scrollTop })).toBeVisible());
    Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
  });
});
