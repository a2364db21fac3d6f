import type { ReactNode } from 'react';
import { scrollToSection } from './scrollToSection';

/** A link to a section of this page that scrolls there smoothly and keeps its #hash. */
export function SectionLink({ section, className, children }: { section: string; className: string; children: ReactNode }) {
  return (
    <a href={`#${section}`} onClick={(event) => scrollToSection(event, section)} className={className}>
      {children}
    </a>
  );
}
