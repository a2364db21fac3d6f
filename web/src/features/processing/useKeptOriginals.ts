import { useCallback, useEffect, useRef, useState } from 'react';
import { forgetKeptOriginalIdsReadFirst, keepOriginal, keptOriginalIds, keptOriginalIdsReadFirst, loadOriginal } from '#lib/keptOriginals';

/**
 * The originals this browser keeps for its visitor (docs/decisions/0123): which results have one,
 * keeping a new one, and reading one back for Compare. `owner` is null until the visitor is known,
 * and nothing is read or cleared before then.
 */
export function useKeptOriginals(owner: string | null) {
  // null while not known yet: Compare waits rather than saying the original is missing. A page whose first
  // reads already listed them renders its list once, with them (docs/decisions/0284).
  const [kept, setKept] = useState<ReadonlySet<string> | null>(() => keptOriginalIdsReadFirst(owner));
  const readFirst = useRef(kept);
  // The visitor as now known: a guest's first upload starts their session and so changes their id.
  const ownerRef = useRef(owner);
  // Kept by this page, so the same person's whatever id they were written under.
  const keptHere = useRef(new Set<string>());

  useEffect(() => {
    ownerRef.current = owner;
    if (!owner) return;
    if (readFirst.current) {
      readFirst.current = null;
      forgetKeptOriginalIdsReadFirst(owner);
      return;
    }
    let live = true;
    void keptOriginalIds(owner, keptHere.current).then((ids) => {
      if (live) setKept(ids);
    });
    return () => {
      live = false;
    };
  }, [owner]);

  const keep = useCallback(async (resultId: string, file: File, expiresAt: string) => {
    if (!ownerRef.current) return;
    keptHere.current.add(resultId);
    await keepOriginal(resultId, ownerRef.current, file, Date.parse(expiresAt));
    // Keeping one may have dropped the oldest: read the whole set again.
    if (ownerRef.current) setKept(await keptOriginalIds(ownerRef.current, keptHere.current));
  }, []);

  const load = useCallback(async (resultId: string) => {
    const file = await loadOriginal(resultId);
    if (!file) setKept((current) => new Set([...(current ?? [])].filter((id) => id !== resultId)));
    return file;
  }, []);

  return { kept, keep, load };
}
