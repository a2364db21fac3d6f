import type { ImageRecord } from '@lightpix/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '#lib/api';
import { sendWhileBusy } from '#lib/busyRetry';
import { processImage } from './processImage';
import { processFields, type ProcessingSettings } from '#lib/processingSettings';
import { queryKeys } from '#lib/queryKeys';
import type { UploadState } from '#lib/selectedImage';

interface QueueCallbacks {
  onState: (id: string, state: UploadState) => void;
  onProcessed: (id: string, record: ImageRecord) => void;
}

/** Errors after which the next files would fail the same way, so the queue stops. */
function stopsQueue(error: unknown): boolean {
  return error instanceof ApiError && (error.code === 'quota_exceeded' || error.code === 'rate_limited' || error.code === 'not_signed_in');
}

/** How often, in finished files, a batch refreshes the session and history: not after each, so a batch stays well inside the API limit (docs/decisions/0047). */
const REFRESH_EVERY = 5;

export interface RunOptions {
  /** The selection's id, sent with every file so its results can be downloaded as one ZIP. */
  batchId?: string;
  /** Files in flight at once: a few for a batch, one for a single file. */
  concurrency?: number;
}

/**
 * Sends files a few at a time (one by default) and refreshes the session (and the history, when
 * shown) as results come in, so the remaining count stays true. One file's failure does not stop the
 * others, except a refusal every next file would meet too (quota, rate limit, signed out). A busy
 * server's refusal is not a failure: the file waits the Retry-After and goes again (lib/busyRetry.ts).
 * `cancel` starts no more files and ends the waits (those files go back to unsent); files already on
 * their way finish.
 */
export function useProcessQueue({ onState, onProcessed }: QueueCallbacks) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const abort = useRef<AbortController | null>(null);
  const cancelled = useRef(false);
  const waits = useRef<AbortController | null>(null);

  useEffect(
    () => () => {
      abort.current?.abort();
      waits.current?.abort();
    },
    [],
  );

  const refresh = useCallback(
    () =>
      // The history query exists only on the signed-in page; invalidating it elsewhere is a no-op.
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.session }),
        queryClient.invalidateQueries({ queryKey: queryKeys.history }),
      ]),
    [queryClient],
  );

  const processAll = useCallback(
    async (
      items: readonly { id: string; file: File; relativePath?: string }[],
      settings: ProcessingSettings,
      sessionId: string,
      { batchId, concurrency = 1 }: RunOptions = {},
    ) => {
      const controller = new AbortController();
      abort.current = controller;
      const waiting = new AbortController();
      waits.current = waiting;
      cancelled.current = false;
      const fields = { ...processFields(settings), ...(batchId ? { batchId } : {}) };
      setBusy(true);
      let next = 0;
      let stopped = false;
      let finished = 0;
      const sendOne = async ({ id, file, relativePath }: (typeof items)[number]) => {
        onState(id, { kind: 'uploading', percent: 0 });
        try {
          const record = await sendWhileBusy(
            () =>
              processImage({
                file,
                sessionId,
                fields: relativePath ? { ...fields, relativePath } : fields,
                signal: controller.signal,
                onUploadProgress: (percent) => onState(id, percent >= 100 ? { kind: 'processing' } : { kind: 'uploading', percent }),
              }),
            { signal: waiting.signal, onWait: (seconds) => onState(id, { kind: 'busy', seconds }) },
          );
          onProcessed(id, record);
          finished += 1;
          if (finished % REFRESH_EVERY === 0 || items.length === 1) await refresh();
        } catch (error) {
          if (controller.signal.aborted) return;
          // Cancelled while waiting for a busy server: the file was not processed and can be sent later.
          if (waiting.signal.aborted && error instanceof DOMException && error.name === 'AbortError') {
            onState(id, { kind: 'idle' });
            return;
          }
          onState(id, { kind: 'failed', error });
          // A refusal may mean our count is stale (another tab, the IP limit): show the server's.
          await queryClient.invalidateQueries({ queryKey: queryKeys.session });
          if (stopsQueue(error)) stopped = true;
        }
      };
      const worker = async () => {
        while (!stopped && !cancelled.current && !controller.signal.aborted) {
          const item = items[next++];
          if (!item) return;
          await sendOne(item);
        }
      };
      try {
        await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, items.length)) }, worker));
        if (!controller.signal.aborted && items.length > 1) await refresh();
      } finally {
        if (abort.current === controller) {
          abort.current = null;
          waits.current = null;
          setBusy(false);
        }
      }
    },
    [onState, onProcessed, queryClient, refresh],
  );

  const cancel = useCallback(() => {
    cancelled.current = true;
    waits.current?.abort();
  }, []);

  return { processAll, cancel, busy };
}
