import { Component, type ReactNode } from 'react';
import { SectionUnavailable } from '../ui/section-unavailable';

interface State {
  error: Error | null;
  attempt: number;
}

/** Catches a render error of the remote and offers a retry that renders it afresh. */
export class RemoteErrorBoundary extends Component<{ children: ReactNode }, State> {
  state: State = { error: null, attempt: 0 };

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error };
  }

  componentDidCatch(error: Error) {
    console.error('A section of the portal failed to render', error);
  }

  private readonly retry = () => this.setState((state) => ({ error: null, attempt: state.attempt + 1 }));

  render() {
    if (this.state.error) return <SectionUnavailable onRetry={this.retry} />;
    // A new key remounts the subtree on retry, so its state starts clean.
    return <div key={this.state.attempt}>{this.props.children}</div>;
  }
}
