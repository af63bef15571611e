/**
 * In-app navigation on wouter, adding what wouter leaves out: screens change in a React
 * transition, #fragment and navigation state are readable, and a link to the current URL replaces
 * its history entry. Decision 029.
 */
import {
  createContext,
  startTransition,
  useContext,
  useLayoutEffect,
  useState,
  type ComponentProps,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { Router, Link as WouterLink } from 'wouter';
import { navigate } from 'wouter/use-browser-location';

/** The parts of the address bar the app reads, and the state the history entry carries. */
interface Place {
  pathname: string;
  search: string;
  hash: string;
  state: unknown;
}

const here = (): Place => ({
  pathname: location.pathname,
  search: location.search,
  hash: location.hash,
  state: history.state as unknown,
});

const PlaceContext = createContext<Place | null>(null);
const usePlace = (): Place => useContext(PlaceContext) ?? here();

// wouter (use-browser-location) announces pushState and replaceState as events of those names.
const EVENTS = ['popstate', 'pushState', 'replaceState', 'hashchange'] as const;

const useTransitionLocation = (): [string, typeof navigate] => [usePlace().pathname, navigate];
const useTransitionSearch = (): string => usePlace().search;

/**
 * The app's router: the browser's address, read into React state in a transition (as React
 * Router's BrowserRouter did), so a screen whose code is still loading leaves the current one
 * on screen instead of the Suspense fallback; Back and Forward go through the same path.
 */
export function BrowserRouter({ children }: { children: ReactNode }) {
  const [place, setPlace] = useState(here);
  useLayoutEffect(() => {
    const update = () => startTransition(() => setPlace(here()));
    for (const event of EVENTS) addEventListener(event, update);
    update(); // a redirect made before this effect ran
    return () => {
      for (const event of EVENTS) removeEventListener(event, update);
    };
  }, []);
  return (
    <PlaceContext.Provider value={place}>
      <Router hook={useTransitionLocation} searchHook={useTransitionSearch}>
        {children}
      </Router>
    </PlaceContext.Provider>
  );
}

/** The URL's #fragment with its '#' ('' when none). */
export const useHash = (): string => usePlace().hash;

/**
 * The state the navigation to this entry carried (`<Link state>`, `navigate(to, { state })`),
 * or null; the browser keeps it with the history entry, so reload and Back keep it too.
 */
export const useNavigationState = <T,>(): Partial<T> | null => (usePlace().state as Partial<T> | null) ?? null;

/** True when `pathname` is `to` or below it (/medications/add for /medications), as a tab counts. */
export const isActivePath = (pathname: string, to: string): boolean => {
  const path = pathname.toLowerCase();
  const target = to.toLowerCase();
  return path === target || path.startsWith(`${target}/`);
};

/** One step back in the browser's history (the Back button's step). */
export const goBack = (): void => history.back();

/**
 * wouter's Link, except that a link to the URL already shown replaces the history entry
 * instead of adding one (as React Router's did), so Back never lands on the same screen twice.
 * An ordinary <a href>: Enter follows it, modified clicks open a new tab.
 */
export function Link(props: ComponentProps<typeof WouterLink> & { to: string; state?: unknown }) {
  const { onClick, to, state } = props;
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented) return;
    if (to.toLowerCase() === (location.pathname + location.search + location.hash).toLowerCase()) {
      event.preventDefault();
      navigate(to, { replace: true, state: state ?? null });
    }
  };
  return <WouterLink {...props} onClick={handleClick} />;
}
