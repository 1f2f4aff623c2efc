import { render, screen } from '@testing-library/react';
import { makeRemoteProps, RemoteRoot } from '../remote';
import { formatSecondsLeft, TransferRow } from './transfer-row';

function renderRow(props: Partial<Parameters<typeof TransferRow>[0]>, language: 'en' | 'fr' = 'en') {
  render(
    <RemoteRoot props={makeRemoteProps('collectmaster', { language })} namespace="collectmaster">
      <TransferRow name="sales-2025.csv" total={20 * 1024 * 1024} sent={5 * 1024 * 1024} statusText="Uploading" tone="active" {...props} />
    </RemoteRoot>,
  );
}

describe('TransferRow', () => {
  it('should show a progress bar named after the file, how much is sent, the speed and the time left', () => {
    renderRow({ speed: 2 * 1024 * 1024, secondsLeft: 7.5, actions: <button type="button">Pause</button> });
    const bar = screen.getByRole('progressbar', { name: 'sales-2025.csv' });
    expect(bar).toHaveAttribute('aria-valuenow', '25');
    expect(screen.getByText(/5 MB of 20 MB · 2 MB\/s · 8 s left/)).toBeVisible();
    expect(screen.getByText('Uploading')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Pause' })).toBeVisible();
  });

  it('should leave out the speed and time left when the transfer is not moving, in French too', () => {
    renderRow({ speed: 1000, secondsLeft: 3, tone: 'paused', statusText: 'En pause' }, 'fr');
    expect(screen.getByText(/5 MB sur 20 MB/)).toBeVisible();
    expect(screen.queryByText(/\/s/)).toBeNull();
    expect(screen.queryByText(/encore/)).toBeNull();
  });

  it('should say a time left in hours, minutes and seconds', () => {
    expect(formatSecondsLeft(0.2)).toBe('1 s');
    expect(formatSecondsLeft(200)).toBe('3 min 20 s');
    expect(formatSecondsLeft(3900)).toBe('1 h 5 min');
  });
});
