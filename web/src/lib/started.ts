import { createContext, useContext, useEffect } from 'react';

/** Called once the page's content is on screen with its handlers attached (boot.ts hands over what the visitor did meanwhile). */
export const StartedContext = createContext<() => void>(() => {});

/** Placed beside the page's content, inside its Suspense boundary: hydration of that boundary comes after the root's. */
export function StartedSignal() {
  const onStarted = useContext(StartedContext);
  useEffect(onStarted, [onStarted]);
  return null;
}
