import { makeRemoteProps, RemoteRoot } from '../remote';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Link, Route, Routes } from 'react-router-dom';
import { useIsDirty, useUnsavedChangesGuard } from './use-unsaved-changes';

function Form({ disabled = false }: { disabled?: boolean }) {
  const [saved, setSaved] = useState({ title: 'Budget' });
  const [title, setTitle] = useState('Budget');
  const current = { title };
  const dirty = useIsDirty(current, saved, disabled);
  useUnsavedChangesGuard(dirty);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        setSaved({ title });
      }}
    >
      <label>
        Title
        <input value={title} disabled={disabled} onChange={(event) => setTitle(event.target.value)} />
      </label>
      <button type="submit">Save</button>
      <p>{dirty ? 'dirty' : 'clean'}</p>
      <Link to="/elsewhere">Elsewhere</Link>
    </form>
  );
}

function renderForm(disabled = false) {
  window.history.replaceState(null, '', '/form');
  return render(
    <RemoteRoot props={makeRemoteProps('admin')} namespace="admin">
      <Routes>
        <Route path="/form" element={<Form disabled={disabled} />} />
        <Route path="/elsewhere" element={<p>Left the form</p>} />
      </Routes>
    </RemoteRoot>,
  );
}

const answers: boolean[] = [];
const asked: string[] = [];
beforeEach(() => {
  answers.length = 0;
  asked.length = 0;
  window.confirm = (message?: string) => {
    asked.push(String(message));
    return answers.shift() ?? false;
  };
});

function beforeUnloadPrevented(): boolean {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

describe('useUnsavedChangesGuard', () => {
  it('should ask before following a link with unsaved changes, and stay when the answer is no', async () => {
    renderForm();
    await userEvent.type(screen.getByRole('textbox', { name: 'Title' }), ' 2026');
    answers.push(false);
    await userEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(asked).toEqual(['You have unsaved changes. Leave this page and lose them?']);
    expect(window.location.pathname).toBe('/form');
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('Budget 2026');
    expect(beforeUnloadPrevented()).toBe(true);

    answers.push(true);
    await userEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(await screen.findByText('Left the form')).toBeVisible();
    expect(asked).toHaveLength(2);
  });

  it('should not ask after a save or after the change is undone', async () => {
    renderForm();
    const input = screen.getByRole('textbox', { name: 'Title' });
    await userEvent.type(input, 'x');
    expect(screen.getByText('dirty')).toBeVisible();
    await userEvent.type(input, '{Backspace}');
    expect(screen.getByText('clean')).toBeVisible();
    expect(beforeUnloadPrevented()).toBe(false);

    await userEvent.type(input, ' 2026');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('clean')).toBeVisible();
    await userEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(await screen.findByText('Left the form')).toBeVisible();
    expect(asked).toEqual([]);
  });

  it('should not ask on a disabled form', async () => {
    renderForm(true);
    fireEvent.change(screen.getByRole('textbox', { name: 'Title' }), { target: { value: 'changed' } });
    expect(screen.getByText('clean')).toBeVisible();
    expect(beforeUnloadPrevented()).toBe(false);
  });

  it('should ask on back and forward, and return to the form when the answer is no', async () => {
    renderForm();
    await userEvent.type(screen.getByRole('textbox', { name: 'Title' }), '!');
    answers.push(false);
    window.history.pushState(null, '', '/elsewhere');
    window.dispatchEvent(new PopStateEvent('popstate'));
    expect(asked).toHaveLength(1);
    expect(window.location.pathname).toBe('/form');
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('Budget!');
  });
});
