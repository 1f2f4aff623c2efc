import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { makeRemoteProps, RemoteRoot } from '../remote';
import { LinkedText, splitLinks } from './linked-text';

const origin = 'http://portal.test';

describe('splitLinks', () => {
  it('should cut a text into text and addresses, the portal own ones kept as paths', () => {
    expect(splitLinks('See https://example.com/a?b=1#c and http://portal.test/dashboards/3.', origin)).toEqual([
      { kind: 'text', text: 'See ' },
      { kind: 'link', href: 'https://example.com/a?b=1#c', internal: null },
      { kind: 'text', text: ' and ' },
      { kind: 'link', href: 'http://portal.test/dashboards/3', internal: '/dashboards/3' },
      { kind: 'text', text: '.' },
    ]);
  });

  it('should leave out the sentence around an address: a closing parenthesis it did not open, a colon', () => {
    expect(splitLinks('the dashboard "Sales" (http://portal.test/dashboards/7):\n\nWhy?', origin)).toEqual([
      { kind: 'text', text: 'the dashboard "Sales" (' },
      { kind: 'link', href: 'http://portal.test/dashboards/7', internal: '/dashboards/7' },
      { kind: 'text', text: '):\n\nWhy?' },
    ]);
    expect(splitLinks('https://en.wikipedia.org/wiki/Pie_(chart)', origin)[0]).toEqual({
      kind: 'link',
      href: 'https://en.wikipedia.org/wiki/Pie_(chart)',
      internal: null,
    });
  });

  it('should make no link of other schemes or of text alone', () => {
    expect(splitLinks('javascript:alert(1) ftp://x.test plain', origin)).toEqual([
      { kind: 'text', text: 'javascript:alert(1) ftp://x.test plain' },
    ]);
    expect(splitLinks('', origin)).toEqual([]);
  });
});

describe('LinkedText', () => {
  it('should follow a portal address inside the app, open another in a new tab, and render markup as text', async () => {
    window.history.replaceState(null, '', '/contact');
    const here = window.location.origin;
    render(
      <RemoteRoot props={makeRemoteProps('contact')} namespace="contact">
        <Routes>
          <Route path="/contact" element={<LinkedText text={`<b>Look</b> at ${here}/dashboards/4 or https://example.com/x`} />} />
          <Route path="/dashboards/4" element={<p>Dashboard 4</p>} />
        </Routes>
      </RemoteRoot>,
    );
    expect(screen.getByText(/<b>Look<\/b> at/)).toBeVisible();
    const external = screen.getByRole('link', { name: 'https://example.com/x' });
    expect(external).toHaveAttribute('target', '_blank');
    expect(external).toHaveAttribute('rel', 'noopener noreferrer');
    await userEvent.click(screen.getByRole('link', { name: `${here}/dashboards/4` }));
    expect(await screen.findByText('Dashboard 4')).toBeVisible();
  });
});
