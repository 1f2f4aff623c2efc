import { render, screen } from '@testing-library/react';
import { fr } from '../i18n';
import { makeRemoteProps, RemoteRoot } from '../remote';
import { DataAsOf } from './data-as-of';
import { formatDataDate } from './data-freshness';

const renderWithProviders = (node: React.ReactNode, { language = 'en' }: { language?: 'en' | 'fr' } = {}) =>
  render(
    <RemoteRoot props={makeRemoteProps('admin', { language })} namespace="admin">
      {node}
    </RemoteRoot>,
  );

const at = '2026-03-10T06:04:00.000Z';

describe('DataAsOf', () => {
  it('should say how fresh the data is, and warn when the last refresh failed or is old', () => {
    const { unmount } = renderWithProviders(<DataAsOf data={{ as_of: at, failed_at: null, state: 'fresh' }} />);
    expect(screen.getByText(`Data as of ${formatDataDate(at, 'en')}`)).toBeVisible();
    expect(screen.queryByText(/failed|while/)).toBeNull();
    unmount();
    renderWithProviders(<DataAsOf data={{ as_of: '2026-03-09T06:04:00.000Z', failed_at: at, state: 'failed' }} />);
    expect(screen.getByText(/The last data refresh failed/)).toHaveTextContent(formatDataDate(at, 'en'));
  });

  it('should say so when the date is unknown, and speak French', () => {
    renderWithProviders(<DataAsOf data={{ as_of: null, failed_at: null, state: 'stale' }} />, { language: 'fr' });
    expect(screen.getByText(fr.common.dataAsOf.unknown)).toBeVisible();
    expect(screen.getByText(fr.common.dataAsOf.stale)).toBeVisible();
  });
});
