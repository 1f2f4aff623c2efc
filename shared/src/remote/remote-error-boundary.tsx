import type { ReactNode } from 'react';
import { SectionUnavailable } from '../ui/section-unavailable';
import { RetryBoundary } from './retry-boundary';

/** Catches a render error of the remote and offers a retry that renders it afresh. */
export function RemoteErrorBoundary({ children }: { children: ReactNode }) {
  return (
    <RetryBoundary what="A section of the portal" fallback={(retry) => <SectionUnavailable onRetry={retry} />}>
      {children}
    </RetryBoundary>
  );
}
