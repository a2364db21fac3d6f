// The app's own router (docs/decisions/0275): addresses to pages, links that change the page without a
// reload, back and forward, and scroll positions kept as React Router kept them. Every page is a fixed
// path, so matching is a lookup; React Router's data router cost ~29 KB compressed on every first load.
import {
  createContext,
  startTransition,
  use,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactNode,
} from 'react';

export interface Location {
  pathname: string;
  search: string;
  hash: string;
  /** Tells history entries apart: "default" for the entry the page was loaded into, as React Router named it. */
  key: string;
}

export type To = string | { pathname?: string; search?: string; hash?: string };

export interface NavigateOptions {
  replace?: boolean;
}

interface RouterValue {
  location: Location;
  navigate(to: To, options?: NavigateOptions): void;
}

const RouterContext = createContext<RouterValue | null>(null);

function useRouter(): RouterValue {
  const router = use(RouterContext);
  if (!router) throw new Error('A link or page hook is used outside the router');
  return router;
}

/** The address `to` names, from the page at `from`: absolute paths as they are, `?x` and `#x` on the current page. */
export function hrefOf(to: To, from: Pick<Location, 'pathname' | 'search' | 'hash'>): string {
  if (typeof to !== 'string') return `${to.pathname ?? from.pathname}${to.search ?? ''}${to.hash ?? ''}`;
  const url = new URL(to, `http://localhost${from.pathname}${from.search}`);
  return `${url.pathname}${url.search}${url.hash}`;
}

function browserLocation(): Location {
  const state = window.history.state as { key?: unknown } | null;
  const { pathname, search, hash } = window.location;
  return { pathname, search, hash, key: typeof state?.key === 'string' ? state.key : 'default' };
}

const newKey = () => Math.random().toString(36).slice(2, 10);

/** Scroll positions by key, kept across reloads in this tab (React Router's own storage key, so none is lost on the change). */
const POSITIONS_KEY = 'react-router-scroll-positions';
let positions: Record<string, number> = {};
/** Every freshly loaded page has the key "default": that one is told apart by its path (6b76f16). */
const scrollKey = (location: Location) => (location.key === 'default' ? location.pathname : location.key);

/** The router of the running app: the browser's address and history. */
export function BrowserRouter({ children }: { children: ReactNode }) {
  const [location, setLocation] = useState(browserLocation);
  /** The address on screen: at a "popstate" the browser's is already the next one. */
  const shown = useRef(location);
  useLayoutEffect(() => {
    shown.current = location;
  }, [location]);

  useEffect(() => {
    const onPop = () => {
      positions[scrollKey(shown.current)] = window.scrollY;
      startTransition(() => setLocation(browserLocation()));
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);

  const navigate = useCallback((to: To, options: NavigateOptions = {}) => {
    const from = browserLocation();
    const href = hrefOf(to, from);
    // A link to the page already shown replaces its entry, as React Router did.
    const replace = options.replace ?? href === `${from.pathname}${from.search}${from.hash}`;
    positions[scrollKey(from)] = window.scrollY;
    const state = window.history.state as { idx?: number } | null;
    const idx = (state?.idx ?? 0) + (replace ? 0 : 1);
    window.history[replace ? 'replaceState' : 'pushState']({ key: newKey(), idx }, '', href);
    // In a transition: a page whose code is still loading leaves the one shown in place until it can render.
    startTransition(() => setLocation(browserLocation()));
  }, []);

  const value = useMemo(() => ({ location, navigate }), [location, navigate]);
  return <RouterContext value={value}>{children}</RouterContext>;
}

/** The router of the server's render: one address, nowhere to go. */
export function StaticRouter({ url, children }: { url: string; children?: ReactNode }) {
  const value = useMemo(() => {
    const { pathname, search, hash } = new URL(url, 'http://localhost');
    return { location: { pathname, search, hash, key: 'default' }, navigate: () => {} };
  }, [url]);
  return <RouterContext value={value}>{children}</RouterContext>;
}

export function useLocation(): Location {
  return useRouter().location;
}

export function useNavigate(): (to: To, options?: NavigateOptions) => void {
  return useRouter().navigate;
}

type SearchInit = Record<string, string> | URLSearchParams;

/** The address's query, and a setter that goes to the same page with another (a value, or one made from the current). */
export function useSearchParams(): [
  URLSearchParams,
  (next: SearchInit | ((current: URLSearchParams) => SearchInit), options?: NavigateOptions) => void,
] {
  const { location, navigate } = useRouter();
  const params = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const setParams = useCallback(
    (next: SearchInit | ((current: URLSearchParams) => SearchInit), options?: NavigateOptions) => {
      const value = typeof next === 'function' ? next(new URLSearchParams(window.location.search)) : next;
      const search = new URLSearchParams(value).toString();
      navigate({ search: search ? `?${search}` : '' }, options);
    },
    [navigate],
  );
  return [params, setParams];
}

/** Goes to `to` once rendered (in the browser; the server's render stays where it is). */
export function Navigate({ to, replace }: { to: To; replace?: boolean }): null {
  const navigate = useNavigate();
  useEffect(() => navigate(to, { replace }), [navigate, to, replace]);
  return null;
}

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: To; replace?: boolean };

/** A link within the app: a plain left click changes the page without a reload; others (new tab, download) are the browser's. */
export function Link({ to, replace, onClick, target, ...rest }: LinkProps) {
  const { location, navigate } = useRouter();
  const href = hrefOf(to, location);
  function follow(event: MouseEvent<HTMLAnchorElement>) {
    onClick?.(event);
    const modified = event.metaKey || event.altKey || event.ctrlKey || event.shiftKey;
    if (event.defaultPrevented || event.button !== 0 || modified || (target && target !== '_self') || rest.download !== undefined) return;
    event.preventDefault();
    navigate(to, { replace });
  }
  return <a {...rest} href={href} target={target} onClick={follow} />;
}

/** The page for a path: exact, without a trailing slash, letters in any case (as React Router matched); else the `*` page. */
export function matchPage<T>(pages: readonly { path: string; element: T }[], pathname: string): T | undefined {
  const wanted = (pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname).toLowerCase();
  return (pages.find((page) => page.path.toLowerCase() === wanted) ?? pages.find((page) => page.path === '*'))?.element;
}

/** The element a #section names, if any (an undecodable id names none). */
function sectionOf(hash: string): HTMLElement | null {
  if (!hash) return null;
  try {
    return document.getElementById(decodeURIComponent(hash.slice(1)));
  } catch {
    return null;
  }
}

/**
 * Each page opens at its top or its #section; back, forward and a reload return where the visitor was
 * (positions kept in sessionStorage over a reload), as React Router's ScrollRestoration did.
 */
export function ScrollRestoration() {
  const { location } = useRouter();

  useLayoutEffect(() => {
    try {
      positions = JSON.parse(sessionStorage.getItem(POSITIONS_KEY) ?? '{}') as Record<string, number>;
    } catch {
      // Storage blocked or unreadable: positions last for this page only.
    }
    window.history.scrollRestoration = 'manual';
    const onHide = () => {
      positions[scrollKey(browserLocation())] = window.scrollY;
      try {
        sessionStorage.setItem(POSITIONS_KEY, JSON.stringify(positions));
      } catch {
        // As above.
      }
      window.history.scrollRestoration = 'auto';
    };
    window.addEventListener('pagehide', onHide);
    return () => {
      window.removeEventListener('pagehide', onHide);
      window.history.scrollRestoration = 'auto';
    };
  }, []);

  useLayoutEffect(() => {
    const y = positions[scrollKey(location)];
    const section = typeof y === 'number' ? null : sectionOf(location.hash);
    // Nothing returned: an effect may return only its clean-up.
    if (typeof y === 'number') window.scrollTo(0, y);
    else if (section) section.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [location]);
  return null;
}
