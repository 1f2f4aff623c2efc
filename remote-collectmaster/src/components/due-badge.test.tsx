import { makeRemoteProps, RemoteRoot } from '@hub/shared/remote';
import { expectNoRawKey } from '@hub/shared/test-support/expect-no-raw-key';
import { render, screen } from '@testing-library/react';
import { DueBadge } from './due-badge';

function renderBadge(dueOn: string, today: string, language: 'en' | 'fr' = 'en') {
  const props = makeRemoteProps('collectmaster', { language });
  return render(
    <RemoteRoot props={props} namespace="collectmaster">
      <DueBadge dueOn={dueOn} today={today} />
    </RemoteRoot>,
  );
}

describe('the due date of a request', () => {
  it.each([
    ['2031-03-20', 'Due by Mar 20, 2031', 'later'],
    ['2031-03-10', 'Due in 3 days', 'soon'],
    ['2031-03-08', 'Due tomorrow', 'soon'],
    ['2031-03-07', 'Due today', 'today'],
    ['2031-03-06', '⚠ Overdue since Mar 6, 2031', 'overdue'],
  ])('should read %s on 2031-03-07 as "%s"', async (dueOn, text, status) => {
    const { container } = renderBadge(dueOn, '2031-03-07');
    const time = await screen.findByText(text.replace('⚠ ', ''));
    expect(time.tagName).toBe('TIME');
    expect(time).toHaveAttribute('dateTime', dueOn);
    const badge = container.querySelector('[data-due]')!;
    expect(badge).toHaveAttribute('data-due', status);
    expect(badge).toHaveTextContent(text);
    expectNoRawKey();
  });

  it('should make an overdue request stand out by a sign and words, not only a colour', async () => {
    const { container } = renderBadge('2031-03-06', '2031-03-08');
    await screen.findByText(/Overdue since/);
    const sign = container.querySelector('[aria-hidden="true"]');
    expect(sign).toHaveTextContent('⚠');
    expect(container.querySelector('[data-due]')).toHaveAttribute('data-due', 'overdue');
  });

  it('should say it in French', async () => {
    renderBadge('2031-03-06', '2031-03-08', 'fr');
    expect(await screen.findByText('En retard depuis le 6 mars 2031')).toBeVisible();
  });

  it('should count the days in French too', async () => {
    renderBadge('2031-03-10', '2031-03-08', 'fr');
    expect(await screen.findByText('À rendre dans 2 jours')).toBeVisible();
  });
});
