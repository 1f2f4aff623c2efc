import { makeRemoteProps, RemoteRoot } from '../remote';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LoadState } from './load-state';

const inRemote = (node: React.ReactNode) =>
  render(
    <RemoteRoot props={makeRemoteProps('admin')} namespace="admin">
      {node}
    </RemoteRoot>,
  );

describe('LoadState', () => {
  it('should show a loading status with its text and the height it keeps', () => {
    inRemote(<LoadState status="loading" loadingText="Loading the advices…" minHeight="200px" />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading the advices…');
    expect(screen.getByRole('status')).toHaveStyle({ minHeight: '200px' });
  });

  it('should show the failure with a Retry button that calls onRetry', async () => {
    const retried: number[] = [];
    inRemote(<LoadState status="error" onRetry={() => retried.push(1)} />);
    expect(screen.getByRole('alert')).toHaveTextContent('This could not be loaded.');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(retried).toHaveLength(1);
  });

  it('should show the empty text and its action', () => {
    inRemote(<LoadState status="empty" emptyText="No advice yet." emptyAction={<button>Create the first one</button>} />);
    expect(screen.getByText('No advice yet.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Create the first one' })).toBeVisible();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
