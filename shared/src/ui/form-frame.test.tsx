import { Input } from '@chakra-ui/react';
import { makeRemoteProps, RemoteRoot } from '../remote';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FormActionBar, FormField, PublishedBand, type FormActionBarProps } from './form-frame';

const inRemote = (node: React.ReactNode) =>
  render(
    <RemoteRoot props={makeRemoteProps('admin')} namespace="admin">
      {node}
    </RemoteRoot>,
  );

describe('FormField', () => {
  it('should label the control and show its error message on it', async () => {
    inRemote(
      <FormField label="Title" error="This field is required" required>
        <Input />
      </FormField>,
    );
    const input = screen.getByRole('textbox', { name: /Title/ });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(input).toHaveAccessibleErrorMessage('This field is required'));
  });

  it('should show the helper text while there is no error', () => {
    inRemote(
      <FormField label="Description" helperText="12/9999">
        <Input />
      </FormField>,
    );
    expect(screen.getByRole('textbox', { name: 'Description' })).toHaveAccessibleDescription('12/9999');
  });
});

describe('FormActionBar', () => {
  const bar = (props: Partial<FormActionBarProps>, calls: string[] = []) =>
    inRemote(
      <form onSubmit={(event) => (event.preventDefault(), calls.push('save'))}>
        <FormActionBar
          published={false}
          saved
          onPublish={() => calls.push('publish')}
          onUnpublish={() => calls.push('unpublish')}
          onDelete={() => calls.push('delete')}
          {...props}
        />
      </form>,
    );

  it('should offer Save, Publish and Delete on a saved draft', async () => {
    const calls: string[] = [];
    bar({}, calls);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await userEvent.click(screen.getByRole('button', { name: 'Publish' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(calls).toEqual(['save', 'publish', 'delete']);
    expect(screen.queryByRole('button', { name: 'Change to Draft' })).toBeNull();
  });

  it('should offer only Change to Draft and Delete on a published item', async () => {
    const calls: string[] = [];
    bar({ published: true }, calls);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Publish' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Change to Draft' }));
    expect(calls).toEqual(['unpublish']);
  });

  it('should offer only Save on a new item, and keep Publish waiting for unsaved changes', () => {
    const { unmount } = bar({ saved: false });
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual(['Save']);
    unmount();
    bar({ dirty: true });
    expect(screen.getByRole('button', { name: 'Publish' })).toBeDisabled();
  });

  it('should show a busy Save and hold the other actions while saving', () => {
    bar({ busy: 'save' });
    // A loading button hides its text from the accessible name: the submit button is the first.
    const [save] = screen.getAllByRole('button');
    expect(save).toHaveAttribute('type', 'submit');
    expect(save).toHaveAttribute('data-loading');
    expect(screen.getByRole('button', { name: 'Delete' })).toBeDisabled();
  });
});

describe('PublishedBand', () => {
  it('should say that a published item must be changed to draft to be edited', () => {
    inRemote(<PublishedBand />);
    expect(screen.getByText('This item is published: change it to draft to edit it.')).toBeVisible();
  });
});
