import { Component, type ErrorInfo, type ReactNode } from 'react';

interface State {
  failed: boolean;
}

/** Shows a plain message instead of a blank page when a screen throws. */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  override render() {
    if (this.state.failed) {
      return (
        <div role="alert" className="tb-page">
          <h1>Something went wrong</h1>
          <p>
            <a href="/">Return to Home</a>
          </p>
        </div>
      );
    }
    return this.props.children;
  }
}
