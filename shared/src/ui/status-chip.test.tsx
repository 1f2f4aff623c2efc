import { makeRemoteProps, RemoteRoot } from '../remote';
import { render, screen } from '@testing-library/react';
import { StatusChip } from './status-chip';

describe('StatusChip', () => {
  it.each([
    [16, 'en', 'Published'],
    [0, 'en', 'Draft'],
    [7, 'en', 'Draft'],
    [16, 'fr', 'Publié'],
  ] as const)('should read status %s in %s as %s', (status, language, text) => {
    render(
      <RemoteRoot props={makeRemoteProps('admin', { language })} namespace="admin">
        <StatusChip status={status} />
      </RemoteRoot>,
    );
    expect(screen.getByText(text)).toBeVisible();
  });
});
