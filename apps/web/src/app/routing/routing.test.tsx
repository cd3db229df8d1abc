import { act, fireEvent, render, screen } from '@testing-library/react';
import { Suspense, useState, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import {
  Link,
  MemoryRouter,
  Outlet,
  StaticRouter,
  useNavigate,
  useSearchParams,
  type RouteObject,
} from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { preloadRoute } from '../router';
import { AppRoutes } from './app-routes';
import {
  AppBrowserRouter,
  NAVIGATION_WAIT_MS,
  useNavigating,
  useNavigationWaiting,
} from './browser-router';
import { lazyRoute } from './lazy-route';
import { NotFoundScreen } from './router-error';
import { useScrollRestoration } from './scroll-restoration';

/** A screen's chunk whose arrival the test decides. */
function deferredScreen(text: string) {
  let arrive!: () => void;
  const arrived = new Promise<ComponentType>((resolve) => {
    arrive = () => resolve(() => <p>{text}</p>);
  });
  const load = vi.fn(() => arrived);
  return { load, arrive: () => act(async () => arrive()) };
}

function Crash(): never {
  throw new Error('the screen broke');
}

describe('AppRoutes', () => {
  beforeEach(() => window.history.replaceState(null, '', '/'));
  afterEach(() => vi.restoreAllMocks());

  it('shows React Router\'s error screen with "404 Not Found" for an unknown route', () => {
    render(
      <MemoryRouter initialEntries={['/no-such-page']}>
        <AppRoutes
          routes={[
            { path: '/', element: <p>home</p> },
            { path: '*', Component: NotFoundScreen },
          ]}
        />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent(
      'Unexpected Application Error!',
    );
    expect(screen.getByRole('heading', { level: 3 })).toHaveTextContent('404 Not Found');
  });

  it("shows a render failure's message and stack on the error screen; Back clears it", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <AppBrowserRouter>
        <AppRoutes
          routes={[
            { path: '/', element: <Link to="/broken">Open</Link> },
            { path: '/broken', Component: Crash },
          ]}
        />
      </AppBrowserRouter>,
    );
    fireEvent.click(screen.getByRole('link', { name: 'Open' }));
    expect(await screen.findByRole('heading', { level: 2 })).toHaveTextContent(
      'Unexpected Application Error!',
    );
    expect(screen.getByRole('heading', { level: 3 })).toHaveTextContent('the screen broke');
    expect(screen.getByText(/Error: the screen broke/)).toBeInTheDocument();
    act(() => window.history.back());
    expect(await screen.findByRole('link', { name: 'Open' })).toBeInTheDocument();
    expect(screen.queryByText('Unexpected Application Error!')).toBeNull();
  });
});

describe('the app route table', () => {
  it('preloads the lazy screen of a product page, and nothing for the home page', async () => {
    expect(preloadRoute('/')).toBeNull();
    const loading = preloadRoute('/product/stellar-launcher');
    expect(loading).toBeInstanceOf(Promise);
    await expect(loading).resolves.toBeUndefined();
  });

  it('sends an unknown path to the catch-all error screen', async () => {
    render(
      <MemoryRouter initialEntries={['/definitely/not/here']}>
        <AppRoutes routes={(await import('../router')).routes} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 3 })).toHaveTextContent('404 Not Found');
  });
});

describe('lazyRoute', () => {
  it('suspends on a first render before its chunk has arrived', async () => {
    const { load, arrive } = deferredScreen('the screen');
    const Screen = lazyRoute(load);
    render(
      <Suspense fallback={<p>loading</p>}>
        <Screen />
      </Suspense>,
    );
    expect(screen.getByText('loading')).toBeInTheDocument();
    await arrive();
    expect(screen.getByText('the screen')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('renders in the first pass once preloaded (the server markup it hydrates), loading once', async () => {
    const { load, arrive } = deferredScreen('preloaded screen');
    const Screen = lazyRoute(load);
    const preloading = Screen.preload();
    expect(Screen.preload()).toBe(preloading);
    await arrive();
    await preloading;
    // Without a Suspense boundary a suspending render would throw here: renderToString cannot wait.
    expect(renderToString(<Screen />)).toBe('<p>preloaded screen</p>');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('loads again after a failed load', async () => {
    const load = vi
      .fn<() => Promise<ComponentType>>()
      .mockRejectedValueOnce(new Error('chunk failed'))
      .mockResolvedValueOnce(() => <p>second try</p>);
    const Screen = lazyRoute(load);
    await expect(Screen.preload()).rejects.toThrow('chunk failed');
    await Screen.preload();
    expect(renderToString(<Screen />)).toBe('<p>second try</p>');
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('AppBrowserRouter', () => {
  beforeEach(() => window.history.replaceState(null, '', '/'));

  function Bar() {
    return useNavigating() ? <p role="progressbar">navigating</p> : null;
  }

  it('keeps the current screen and says it is navigating while the next screen loads', async () => {
    const { load, arrive } = deferredScreen('the next screen');
    const routes: RouteObject[] = [
      {
        path: '/',
        element: (
          <>
            <Bar />
            <Suspense fallback={<p>fallback</p>}>
              <Outlet />
            </Suspense>
          </>
        ),
        children: [
          {
            index: true,
            element: <Link to="/next">Next</Link>,
          },
          { path: 'next', Component: lazyRoute(load) },
        ],
      },
    ];
    render(
      <AppBrowserRouter>
        <AppRoutes routes={routes} />
      </AppBrowserRouter>,
    );
    fireEvent.click(screen.getByRole('link', { name: 'Next' }));
    expect(await screen.findByRole('progressbar')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Next' })).toBeInTheDocument();
    expect(screen.queryByText('fallback')).toBeNull();
    await arrive();
    expect(screen.getByText('the next screen')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(window.location.pathname).toBe('/next');
  });

  it(`says a navigation waits once it has been pending ${NAVIGATION_WAIT_MS} ms, and not from the start of the next`, async () => {
    const first = deferredScreen('the first screen');
    const second = deferredScreen('the second screen');
    function Waiting() {
      return useNavigationWaiting() ? <p role="status">waiting</p> : null;
    }
    const routes: RouteObject[] = [
      {
        path: '/',
        element: (
          <>
            <Bar />
            <Waiting />
            <Link to="/first">First</Link>
            <Link to="/second">Second</Link>
            <Suspense fallback={<p>fallback</p>}>
              <Outlet />
            </Suspense>
          </>
        ),
        children: [
          { index: true, element: <p>the home screen</p> },
          { path: 'first', Component: lazyRoute(first.load) },
          { path: 'second', Component: lazyRoute(second.load) },
        ],
      },
    ];
    render(
      <AppBrowserRouter>
        <AppRoutes routes={routes} />
      </AppBrowserRouter>,
    );
    for (const [name, next] of [
      ['First', first],
      ['Second', second],
    ] as const) {
      fireEvent.click(screen.getByRole('link', { name }));
      expect(await screen.findByRole('progressbar')).toBeInTheDocument();
      const pendingSince = performance.now();
      expect(screen.queryByRole('status')).toBeNull();
      expect(await screen.findByRole('status')).toBeInTheDocument();
      expect(performance.now() - pendingSince).toBeGreaterThan(NAVIGATION_WAIT_MS / 2);
      await next.arrive();
      expect(screen.getByText(`the ${name.toLowerCase()} screen`)).toBeInTheDocument();
      expect(screen.queryByRole('status')).toBeNull();
    }
  });

  it('commits a navigation asked with flushSync before the click handler returns', () => {
    let seenDuringClick = '';
    function Picker() {
      const [params, setParams] = useSearchParams();
      const [, rerender] = useState(0);
      return (
        <button
          onClick={() => {
            setParams({ plan: 'basic' }, { replace: true, flushSync: true });
            seenDuringClick = document.querySelector('output')?.textContent ?? '';
            rerender((n) => n + 1);
          }}
        >
          <output>{params.get('plan') ?? 'none'}</output>
        </button>
      );
    }
    render(
      <AppBrowserRouter>
        <AppRoutes routes={[{ path: '/', Component: Picker }]} />
      </AppBrowserRouter>,
    );
    fireEvent.click(screen.getByRole('button'));
    expect(seenDuringClick).toBe('basic');
    expect(window.location.search).toBe('?plan=basic');
  });
});

describe('useScrollRestoration', () => {
  afterEach(() => vi.restoreAllMocks());

  function Page({ name }: { name: string }) {
    useScrollRestoration();
    const navigate = useNavigate();
    return (
      <>
        <p>{name}</p>
        <button onClick={() => navigate('/b')}>to b</button>
        <button onClick={() => navigate(-1)}>back</button>
      </>
    );
  }

  it('leaves the first render alone, starts a new page at the top, and Back returns to where it was', async () => {
    window.history.replaceState(null, '', '/a');
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    render(
      <AppBrowserRouter>
        <AppRoutes
          routes={[
            { path: '/a', element: <Page name="page a" /> },
            { path: '/b', element: <Page name="page b" /> },
          ]}
        />
      </AppBrowserRouter>,
    );
    expect(scrollTo).not.toHaveBeenCalled();
    Object.defineProperty(window, 'scrollY', { value: 640, configurable: true });
    fireEvent.scroll(window);
    fireEvent.click(screen.getByRole('button', { name: 'to b' }));
    expect(await screen.findByText('page b')).toBeInTheDocument();
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
    act(() => window.history.back());
    expect(await screen.findByText('page a')).toBeInTheDocument();
    expect(scrollTo).toHaveBeenLastCalledWith(0, 640);
    Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
  });
});

// The prerender renders AppRoutes under StaticRouter: no markup of its own around the screen.
it('renders the same markup under StaticRouter for the prerender', () => {
  const html = renderToString(
    <StaticRouter location="/x">
      <AppRoutes routes={[{ path: '/x', element: <p>x</p> }]} />
    </StaticRouter>,
  );
  expect(html).toBe('<p>x</p>');
});
