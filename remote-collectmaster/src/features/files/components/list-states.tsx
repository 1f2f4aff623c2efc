import { LoadState } from '@hub/shared/ui';

// The API client is the shell's (its own copy of @hub/shared): its errors are not instances of this
// bundle's ApiError class, so the status is read from the error itself.
const statusOf = (error: unknown) => (typeof error === 'object' && error !== null && 'status' in error ? Number(error.status) : null);

/** The loading, not-found (another entity's id answers 404), failed and empty states of a list. */
export function ListStates({
  isLoading,
  error,
  empty,
  text,
  onRetry,
}: {
  isLoading: boolean;
  error: unknown;
  empty: boolean;
  text: { loading: string; failed: string; notFound: string; empty: string };
  onRetry: () => void;
}) {
  if (isLoading) return <LoadState status="loading" loadingText={text.loading} />;
  if (statusOf(error) === 404) return <LoadState status="error" failedText={text.notFound} />;
  if (error) return <LoadState status="error" failedText={text.failed} onRetry={onRetry} />;
  if (empty) return <LoadState status="empty" emptyText={text.empty} />;
  return null;
}
