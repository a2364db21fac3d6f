import { useCallback, useEffect, useState } from 'react';
import { keepOriginal, keptOriginalIds, loadOriginal } from '#lib/keptOriginals';

/**
 * The originals this browser keeps for its visitor (docs/decisions/0123): which results have one,
 * keeping a new one, and reading one back for Compare. `owner` is null until the visitor is known,
 * and nothing is read or cleared before then.
 */
export function useKeptOriginals(owner: string | null) {
  // null while not known yet: Compare waits rather than saying the original is missing.
  const [kept, setKept] = useState<ReadonlySet<string> | null>(null);

  useEffect(() => {
    if (!owner) return;
    let live = true;
    void keptOriginalIds(owner).then((ids) => {
      if (live) setKept(ids);
    });
    return () => {
      live = false;
    };
  }, [owner]);

  const keep = useCallback(
    async (resultId: string, file: File, expiresAt: string) => {
      if (!owner) return;
      await keepOriginal(resultId, owner, file, Date.parse(expiresAt));
      // Keeping one may have dropped the oldest: read the whole set again.
      setKept(await keptOriginalIds(owner));
    },
    [owner],
  );

  const load = useCallback(async (resultId: string) => {
    const file = await loadOriginal(resultId);
    if (!file) setKept((current) => new Set([...(current ?? [])].filter((id) => id !== resultId)));
    return file;
  }, []);

  return { kept, keep, load };
}
