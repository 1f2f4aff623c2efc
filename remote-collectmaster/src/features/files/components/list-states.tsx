import { ApiError } from '@hub/shared/api';
import { LoadState } from '@hub/shared/ui';

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
  if (error instanceof ApiError && error.status === 404) return <LoadState status="error" failedText={text.notFound} />;
  if (error) return <LoadState status="error" failedText={text.failed} onRetry={onRetry} />;
  if (empty) return <LoadState status="empty" emptyText={text.empty} />;
  return null;
}
