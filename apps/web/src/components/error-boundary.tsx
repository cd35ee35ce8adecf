/**
 * Shows `fallback` instead of its children when they throw while rendering (a bug, or a lazy page
 * whose chunk failed to download), until the visitor navigates somewhere else. React logs the error.
 */
import { Component, type ReactNode } from 'react';
import { useLocation } from 'react-router';

type ErrorBoundaryProps = { fallback: ReactNode; children: ReactNode };

export function ErrorBoundary({ fallback, children }: ErrorBoundaryProps) {
  const { key } = useLocation();
  return (
    <Boundary fallback={fallback} resetKey={key}>
      {children}
    </Boundary>
  );
}

type BoundaryProps = ErrorBoundaryProps & { resetKey: string };
type BoundaryState = { failed: boolean; resetKey: string };

/** React catches render errors only in a class component. */
class Boundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(): Partial<BoundaryState> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): BoundaryState | null {
    return props.resetKey === state.resetKey ? null : { failed: false, resetKey: props.resetKey };
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
