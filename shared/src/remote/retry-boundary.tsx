import { Component, type CSSProperties, type ReactNode } from 'react';

interface Props {
  /** What shows in place of the subtree after a render error; `retry` renders it afresh. */
  fallback: (retry: () => void) => ReactNode;
  /** Says what failed, in the console. */
  what: string;
  /** Told of each error caught (the shell counts it for the remote's release); its own failure is ignored. */
  onError?: (error: Error) => void;
  /** The style of the element that holds the subtree (a widget's fills its cell). */
  style?: CSSProperties;
  children: ReactNode;
}

interface State {
  failed: boolean;
  attempt: number;
}

/**
 * Catches a render error of its subtree and shows `fallback`, whose retry renders the subtree
 * afresh. No design system here, so the light home widgets can use it as the remotes' areas do.
 */
export class RetryBoundary extends Component<Props, State> {
  state: State = { failed: false, attempt: 0 };

  static getDerivedStateFromError(): Partial<State> {
    return { failed: true };
  }

  componentDidCatch(error: Error) {
    console.error(`${this.props.what} failed to render`, error);
    try {
      this.props.onError?.(error);
    } catch {
      // Reporting must never break the fallback.
    }
  }

  private readonly retry = () => this.setState((state) => ({ failed: false, attempt: state.attempt + 1 }));

  render() {
    if (this.state.failed) return this.props.fallback(this.retry);
    // A new key remounts the subtree on retry, so its state starts clean.
    return (
      <div key={this.state.attempt} style={this.props.style}>
        {this.props.children}
      </div>
    );
  }
}
