import {
  createContext,
  useContext,
  useEffect,
  useLayoutEffect,
  useState,
  useTransition,
  type ReactNode,
} from 'react';
import { flushSync } from 'react-dom';
import {
  Router,
  UNSAFE_createBrowserHistory as createBrowserHistory,
  type Navigator,
} from 'react-router';

const Navigating = createContext(false);

/**
 * True while a navigation is pending: for a moment on every one, and for as long as the next screen's
 * chunk loads. See useNavigationWaiting for one that lasts.
 */
export function useNavigating(): boolean {
  return useContext(Navigating);
}

/** How long a navigation is pending before the page shows that it waits. */
export const NAVIGATION_WAIT_MS = 150;

/**
 * True once the pending navigation has lasted NAVIGATION_WAIT_MS (the next screen's chunk on a slow
 * network), until it ends: the shell then shows its progress bar and makes the current screen inert,
 * since the address bar already shows the next page.
 */
export function useNavigationWaiting(): boolean {
  const navigating = useNavigating();
  const [waiting, setWaiting] = useState(false);
  useEffect(() => {
    if (!navigating) return;
    const timer = setTimeout(() => setWaiting(true), NAVIGATION_WAIT_MS);
    return () => {
      clearTimeout(timer);
      setWaiting(false);
    };
  }, [navigating]);
  return navigating && waiting;
}

type Update = Parameters<Parameters<ReturnType<typeof createBrowserHistory>['listen']>[0]>[0];

/** The tab's history, and a navigator that marks a navigation asked for with `flushSync`. */
function browserHistory() {
  const history = createBrowserHistory({ window, v5Compat: true });
  let flushNext = false;
  // useNavigate and setSearchParams pass their options third; history itself ignores them.
  const marked =
    (go: (to: Parameters<Navigator['push']>[0], state?: unknown) => void) =>
    (to: Parameters<Navigator['push']>[0], state?: unknown, options?: { flushSync?: boolean }) => {
      flushNext = options?.flushSync === true;
      try {
        go(to, state);
      } finally {
        flushNext = false;
      }
    };
  const navigator: Navigator = {
    createHref: (to) => history.createHref(to),
    encodeLocation: (to) => history.encodeLocation(to),
    go: (delta) => history.go(delta),
    push: marked((to, state) => history.push(to, state)),
    replace: marked((to, state) => history.replace(to, state)),
  };
  return { history, navigator, flushing: () => flushNext };
}

/**
 * React Router's <BrowserRouter> (the same history; each navigation rendered as a transition, so the
 * current screen stays until the next one can render), which also says when a navigation is pending
 * and honours `flushSync` as the data router does (checkout.tsx's plan radio). Declarative routing
 * instead of the data router: docs/benchmarks.md, "Declarative routing".
 */
export function AppBrowserRouter({ children }: { children: ReactNode }) {
  const [{ history, navigator, flushing }] = useState(browserHistory);
  const [state, setState] = useState({ action: history.action, location: history.location });
  const [navigating, startTransition] = useTransition();
  useLayoutEffect(
    () =>
      history.listen(({ action, location }: Update) => {
        const update = () => setState({ action, location });
        if (flushing()) flushSync(update);
        else startTransition(update);
      }),
    [history, flushing],
  );
  return (
    <Navigating value={navigating}>
      <Router location={state.location} navigationType={state.action} navigator={navigator}>
        {children}
      </Router>
    </Navigating>
  );
}
