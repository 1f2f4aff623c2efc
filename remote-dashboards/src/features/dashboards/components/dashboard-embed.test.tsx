import { makeRemoteProps, RemoteRoot } from '@hub/shared/remote';
import { act, render, screen } from '@testing-library/react';
import { DashboardEmbed } from './dashboard-embed';

function renderEmbed(id: number, title = `Dashboard ${id}`) {
  return (
    <RemoteRoot props={makeRemoteProps('dashboards')} namespace="dashboards">
      <DashboardEmbed id={id} title={title} src={`https://reports.example.test/r/${id}`} />
    </RemoteRoot>
  );
}

const frame = () => screen.getByTitle(/^Dashboard \d+$/);
const tick = () => act(() => jest.advanceTimersByTime(1000));

describe('DashboardEmbed', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('should keep the frame hidden while the count goes 0, 15, …, 90 and show it once the count passes 100', () => {
    render(renderEmbed(1));
    expect(frame()).toHaveAttribute('src', 'https://reports.example.test/r/1');
    const progress = screen.getByRole('progressbar', { name: 'Loading the dashboard' });
    for (const value of [0, 15, 30, 45, 60, 75, 90]) {
      expect(frame()).not.toBeVisible();
      expect(progress).toHaveAttribute('aria-valuenow', String(value));
      tick();
    }
    // The 7th tick makes the count 105 > 100.
    expect(frame()).toBeVisible();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('should put a layer over the frame that masks clicks', () => {
    render(renderEmbed(1));
    const mask = screen.getByTestId('click-mask');
    expect(mask.compareDocumentPosition(frame()) & Node.DOCUMENT_POSITION_PRECEDING).toBeTruthy();
    expect(mask).toHaveAttribute('aria-hidden', 'true');
  });

  it('should restart the count when the dashboard changes', () => {
    const { rerender } = render(renderEmbed(1));
    for (let index = 0; index < 7; index += 1) tick();
    expect(frame()).toBeVisible();

    rerender(renderEmbed(2));
    expect(frame()).toHaveAttribute('src', 'https://reports.example.test/r/2');
    expect(frame()).not.toBeVisible();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
    for (let index = 0; index < 6; index += 1) tick();
    expect(frame()).not.toBeVisible();
    tick();
    expect(frame()).toBeVisible();
  });
});
