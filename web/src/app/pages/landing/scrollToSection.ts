import type { MouseEvent } from 'react';

/** Scrolls smoothly to a section of the page and keeps its #hash in the address, so it can be shared. */
export function scrollToSection(event: MouseEvent | null, id: string) {
  const target = document.getElementById(id);
  if (!target) return;
  event?.preventDefault();
  const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  target.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'start' });
  history.replaceState(history.state, '', `#${id}`);
}
