import type { ReactNode } from 'react';
import { Link } from '#components/router';
import { PageTitle } from './PageTitle';

interface MessagePageProps {
  title: string;
  body: string;
  homeLabel: string;
  /** A large mark above the title, such as 404. */
  mark?: ReactNode;
  role?: 'alert';
  testId?: string;
}

/** A page that only says something and leads home: not found, not allowed, not here yet. */
export function MessagePage({ title, body, homeLabel, mark, role, testId }: MessagePageProps) {
  return (
    <div role={role} data-testid={testId} className="mx-auto max-w-md py-16 text-center">
      {mark && <p className="mb-4 text-6xl font-bold text-brand-600">{mark}</p>}
      <PageTitle>{title}</PageTitle>
      <p className="mt-3 text-slate-600">{body}</p>
      <Link to="/" className="mt-8 inline-flex rounded-lg bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700">
        {homeLabel}
      </Link>
    </div>
  );
}
