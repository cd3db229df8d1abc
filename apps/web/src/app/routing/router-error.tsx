import { Component, type ReactNode } from 'react';
import { LoadingState } from '@/components/ui/spinner';
import { isChunkLoadError, mayReloadForChunk, reloadForChunk } from './stale-build';

// React Router's default error screen as its data router renders it (react-router's
// DefaultErrorComponent, production build): the spec shows "Unexpected Application Error!" for
// unknown routes and render failures. index.css spaces the headings, which land straight in #root.
const preStyle = { padding: '0.5rem', backgroundColor: 'rgba(200,200,200, 0.5)' };

/** The screen: the heading, the error's message, and a thrown Error's stack. */
export function RouterErrorScreen({ message, stack }: { message: string; stack?: string }) {
  return (
    <>
      <h2>Unexpected Application Error!</h2>
      <h3 style={{ fontStyle: 'italic' }}>{message}</h3>
      {stack ? <pre style={preStyle}>{stack}</pre> : null}
    </>
  );
}

/** What an unknown route shows (the catch-all route). */
export function NotFoundScreen() {
  return <RouterErrorScreen message="404 Not Found" />;
}

interface RouterErrorBoundaryProps {
  children: ReactNode;
  /** The location's key: a navigation clears a shown error, as the data router's boundary does. */
  resetKey: string;
  /** Reloads the page (tests replace it; jsdom cannot navigate). */
  reload?: () => void;
}

interface RouterErrorBoundaryState {
  error: unknown;
  resetKey: string;
  /** The error is a chunk that failed to load and the page reloads for it (stale-build.ts). */
  reloading: boolean;
}

const reloadPage = () => window.location.reload();

/**
 * Catches a render failure anywhere in the routes and shows RouterErrorScreen instead of them. A
 * chunk that failed to load (two deploys since the page was opened) reloads the page instead, once
 * (stale-build.ts), showing the loading state until the browser leaves.
 */
export class RouterErrorBoundary extends Component<
  RouterErrorBoundaryProps,
  RouterErrorBoundaryState
> {
  override state: RouterErrorBoundaryState = {
    error: undefined,
    resetKey: this.props.resetKey,
    reloading: false,
  };

  static getDerivedStateFromError(error: unknown): Partial<RouterErrorBoundaryState> {
    return { error, reloading: isChunkLoadError(error) && mayReloadForChunk() };
  }

  static getDerivedStateFromProps(
    props: RouterErrorBoundaryProps,
    state: RouterErrorBoundaryState,
  ): Partial<RouterErrorBoundaryState> | null {
    return props.resetKey === state.resetKey
      ? null
      : { error: undefined, resetKey: props.resetKey, reloading: false };
  }

  override componentDidCatch(): void {
    if (this.state.reloading) reloadForChunk(this.props.reload ?? reloadPage);
  }

  override render() {
    const { error, reloading } = this.state;
    if (error === undefined) return this.props.children;
    if (reloading) return <LoadingState label="Loading the latest version..." />;
    return error instanceof Error ? (
      <RouterErrorScreen message={error.message} stack={error.stack} />
    ) : (
      <RouterErrorScreen message={JSON.stringify(error)} />
    );
  }
}
