import type { ReactNode } from 'react';
import { SectionUnavailable } from '../ui/section-unavailable';
import { RetryBoundary } from './retry-boundary';

/**
 * Catches a render error of the remote and offers a retry that renders it afresh; `onError` (the
 * shell's `RemoteProps.reportError`, inside a remote) is told of each error caught.
 */
export function RemoteErrorBoundary({ children, onError }: { children: ReactNode; onError?: (error: Error) => void }) {
  return (
    <RetryBoundary what="A section of the portal" onError={onError} fallback={(retry) => <SectionUnavailable onRetry={retry} />}>
      {children}
    </RetryBoundary>
  );
}
