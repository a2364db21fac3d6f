import type { ImageRecord } from '@lightpix/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '#lib/api';
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

/**
 * Sends files one after another and refreshes the session (and the history, when shown)
 * after each, so the remaining count stays true.
 */
export function useProcessQueue({ onState, onProcessed }: QueueCallbacks) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const abort = useRef<AbortController | null>(null);

  useEffect(() => () => abort.current?.abort(), []);

  const processAll = useCallback(
    async (items: readonly { id: string; file: File }[], settings: ProcessingSettings, sessionId: string) => {
      const controller = new AbortController();
      abort.current = controller;
      const fields = processFields(settings);
      setBusy(true);
      try {
        for (const { id, file } of items) {
          if (controller.signal.aborted) return;
          onState(id, { kind: 'uploading', percent: 0 });
          try {
            const record = await processImage({
              file,
              sessionId,
              fields,
              signal: controller.signal,
              onUploadProgress: (percent) =>
                onState(id, percent >= 100 ? { kind: 'processing' } : { kind: 'uploading', percent }),
            });
            onProcessed(id, record);
            // The history query exists only on the signed-in page; invalidating it elsewhere is a no-op.
            await Promise.all([
              queryClient.invalidateQueries({ queryKey: queryKeys.session }),
              queryClient.invalidateQueries({ queryKey: queryKeys.history }),
            ]);
          } catch (error) {
            if (controller.signal.aborted) return;
            onState(id, { kind: 'failed', error });
            // A refusal may mean our count is stale (another tab, the IP limit): show the server's.
            await queryClient.invalidateQueries({ queryKey: queryKeys.session });
            if (stopsQueue(error)) return;
          }
        }
      } finally {
        if (abort.current === controller) {
          abort.current = null;
          setBusy(false);
        }
      }
    },
    [onState, onProcessed, queryClient],
  );

  return { processAll, busy };
}
