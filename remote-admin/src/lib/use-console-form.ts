import { useRemoteProps } from '@hub/shared/remote';
import { useIsDirty, useUnsavedChangesGuard } from '@hub/shared/ui';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { refusalErrors } from './field-error';

export type FormErrors<V> = Partial<Record<keyof V, string>>;

export interface ConsoleFormOptions<V, R> {
  /** The values of the item as loaded (or of a new one); read on the first render only. */
  initial: () => V;
  validate: (values: V) => FormErrors<V>;
  /** Creates or updates; `saved` are the values as last saved, for a body of what changed. */
  save: (values: V, saved: V) => Promise<R>;
  /** The values of the item the server answered, the new saved values. */
  valuesOf: (result: R) => V;
  messages: { success: string; failure: string };
  onSaved: (result: R) => void;
  /** For a new item: its own address, which replaces the 'new' one once it is created. */
  createdPath?: (result: R) => string;
  /** The field errors of a refusal; by default the fields the server names (its `errors`) that the form has. */
  errorsOf?: (caught: unknown, values: V) => FormErrors<V>;
}

/**
 * A console's details form: values against the last saved ones (the unsaved-changes guard compares
 * with those, not with "was touched"), validation, save with its toasts, field errors of a refusal,
 * and a new item's address once it is created.
 */
export function useConsoleForm<V extends object, R>({
  initial,
  validate,
  save,
  valuesOf,
  messages,
  onSaved,
  createdPath,
  errorsOf = refusalErrors,
}: ConsoleFormOptions<V, R>) {
  const { notify } = useRemoteProps();
  const navigate = useNavigate();
  const [saved, setSaved] = useState<V>(initial);
  const [values, setValues] = useState<V>(saved);
  const [errors, setErrors] = useState<FormErrors<V>>({});
  const [busy, setBusy] = useState(false);
  const dirty = useIsDirty(values, saved);
  const release = useUnsavedChangesGuard(dirty);
  const set = <K extends keyof V>(key: K, value: V[K]) => setValues((current) => ({ ...current, [key]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validate(values);
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      const result = await save(values, saved);
      const next = valuesOf(result);
      setSaved(next);
      setValues(next);
      notify({ kind: 'success', message: messages.success });
      onSaved(result);
      if (createdPath) {
        release();
        navigate(createdPath(result), { replace: true });
      }
    } catch (caught) {
      setErrors(errorsOf(caught, values));
      notify({ kind: 'error', message: messages.failure });
    } finally {
      setBusy(false);
    }
  }

  return { values, setValues, set, errors, busy, submit };
}
