// @vitest-environment jsdom
import type { ImageRecord } from '@lightpix/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '#lib/api';
import { defaultSettings } from '#lib/processingSettings';
import type { UploadState } from '#lib/selectedImage';
import { processImage, type ProcessRequest } from './processImage';
import { useProcessQueue } from './useProcessQueue';

// The network edge: each test decides what the server answers for each upload.
vi.mock('./processImage', () => ({ processImage: vi.fn() }));
const upload = vi.mocked(processImage);

function record(id: string): ImageRecord {
  return {
    id,
    originalName: `${id}.jpg`,
    originalSize: 1000,
    processedSize: 500,
    status: 'completed',
    objectPath: `/api/images/${id}/download`,
    format: 'jpeg',
    width: 10,
    height: 10,
    quality: 75,
    alreadyOptimal: false,
    smart: false,
    search: null,
    similarity: null,
    createdAt: '2026-11-23T00:00:00.000Z',
    expiresAt: '2026-11-24T00:00:00.000Z',
    kind: 'image',
    report: null,
  };
}

const files = ['a', 'b', 'c'].map((id) => ({ id, file: new File([new Uint8Array(8)], `${id}.jpg`, { type: 'image/jpeg' }) }));

function renderQueue() {
  const states: { id: string; state: UploadState }[] = [];
  const processed: string[] = [];
  const client = new QueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  const hook = renderHook(
    () =>
      useProcessQueue({
        onState: (id, state) => states.push({ id, state }),
        onProcessed: (id) => processed.push(id),
      }),
    { wrapper },
  );
  return { hook, states, processed };
}

beforeEach(() => {
  upload.mockReset();
});

describe('useProcessQueue', () => {
  it('stops after a refusal the next files would meet too (quota), leaving them untouched', async () => {
    upload.mockResolvedValueOnce(record('a')).mockRejectedValueOnce(new ApiError(429, 'quota_exceeded', 'Daily limit reached.'));
    const { hook, states, processed } = renderQueue();
    await act(() => hook.result.current.processAll(files, defaultSettings, 'session-1'));

    expect(upload).toHaveBeenCalledTimes(2);
    expect(processed).toEqual(['a']);
    expect(states.filter(({ state }) => state.kind === 'failed').map(({ id }) => id)).toEqual(['b']);
    expect(states.some(({ id }) => id === 'c')).toBe(false);
    expect(hook.result.current.busy).toBe(false);
  });

  it('goes on after a failure that concerns one file only', async () => {
    upload
      .mockRejectedValueOnce(new ApiError(415, 'unsupported_file_type', 'This file type is not supported.'))
      .mockResolvedValueOnce(record('b'))
      .mockResolvedValueOnce(record('c'));
    const { hook, states, processed } = renderQueue();
    await act(() => hook.result.current.processAll(files, defaultSettings, 'session-1'));

    expect(upload).toHaveBeenCalledTimes(3);
    expect(processed).toEqual(['b', 'c']);
    expect(states.filter(({ state }) => state.kind === 'failed').map(({ id }) => id)).toEqual(['a']);
  });

  it('aborts the upload in flight when the page goes away, and starts no other', async () => {
    let signal: AbortSignal | undefined;
    upload.mockImplementation(
      (request: ProcessRequest) =>
        new Promise<ImageRecord>((_resolve, reject) => {
          signal = request.signal;
          request.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
        }),
    );
    const { hook, states } = renderQueue();
    let run: Promise<void> | undefined;
    act(() => {
      run = hook.result.current.processAll(files, defaultSettings, 'session-1');
    });
    await waitFor(() => expect(upload).toHaveBeenCalledTimes(1));
    expect(hook.result.current.busy).toBe(true);

    hook.unmount();
    await run;
    expect(signal?.aborted).toBe(true);
    expect(upload).toHaveBeenCalledTimes(1);
    // An aborted upload is not a failure to show.
    expect(states.some(({ state }) => state.kind === 'failed')).toBe(false);
  });

  it('sends a batch a few at a time with its batchId and folder paths, and a cancel starts no more files', async () => {
    const many = Array.from({ length: 8 }, (_, i) => ({
      id: `f${i}`,
      file: new File([new Uint8Array(8)], `f${i}.jpg`, { type: 'image/jpeg' }),
      relativePath: `Trip/f${i}.jpg`,
    }));
    let inFlight = 0;
    let most = 0;
    const waiting: (() => void)[] = [];
    upload.mockImplementation(async (request: ProcessRequest) => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      await new Promise<void>((resolve) => waiting.push(resolve));
      inFlight -= 1;
      return record(request.file.name.replace('.jpg', ''));
    });
    const { hook, processed } = renderQueue();
    let run: Promise<void> | undefined;
    act(() => {
      run = hook.result.current.processAll(many, defaultSettings, 'session-1', { batchId: 'batch-1', concurrency: 3 });
    });
    await waitFor(() => expect(upload).toHaveBeenCalledTimes(3));
    expect(upload.mock.calls[0]![0].fields).toMatchObject({ batchId: 'batch-1', relativePath: 'Trip/f0.jpg' });
    // Two finish, two more start; then a cancel: the three in flight finish, nothing else starts.
    await act(async () => {
      waiting.shift()!();
      waiting.shift()!();
    });
    await waitFor(() => expect(upload).toHaveBeenCalledTimes(5));
    act(() => hook.result.current.cancel());
    await act(async () => {
      while (waiting.length > 0) waiting.shift()!();
      await run;
    });
    expect(most).toBe(3);
    expect(upload).toHaveBeenCalledTimes(5);
    expect(processed).toHaveLength(5);
    expect(hook.result.current.busy).toBe(false);
  });

  describe('a busy server (decision 0162)', () => {
    const busy = (retryAfterSeconds?: number) => new ApiError(503, 'server_busy', 'Busy.', {}, {}, {}, retryAfterSeconds);
    beforeEach(() => {
      vi.useFakeTimers();
    });
    afterEach(() => {
      vi.useRealTimers();
    });

    it('waits the Retry-After, shows the file as waiting and not failed, and sends it again', async () => {
      upload.mockRejectedValueOnce(busy(12)).mockRejectedValueOnce(busy()).mockResolvedValueOnce(record('a'));
      const { hook, states, processed } = renderQueue();
      let run: Promise<void> | undefined;
      act(() => {
        run = hook.result.current.processAll(files.slice(0, 1), defaultSettings, 'session-1');
      });
      await act(() => vi.advanceTimersByTimeAsync(11_900));
      expect(upload).toHaveBeenCalledTimes(1);
      expect(states.at(-1)).toEqual({ id: 'a', state: { kind: 'busy', seconds: 12 } });
      await act(() => vi.advanceTimersByTimeAsync(100));
      expect(upload).toHaveBeenCalledTimes(2);
      // No Retry-After: the server's shortest, 5 s.
      expect(states.at(-1)).toEqual({ id: 'a', state: { kind: 'busy', seconds: 5 } });
      await act(async () => {
        await vi.advanceTimersByTimeAsync(5_000);
        await run;
      });
      expect(upload).toHaveBeenCalledTimes(3);
      expect(processed).toEqual(['a']);
      expect(states.some(({ state }) => state.kind === 'failed')).toBe(false);
    });

    it('fails the file as "stayed busy" once the waits would pass 5 minutes, and goes on with the next', async () => {
      upload.mockImplementation(async (request: ProcessRequest) => {
        if (request.file.name === 'a.jpg') throw busy(60);
        return record('b');
      });
      const { hook, states, processed } = renderQueue();
      let run: Promise<void> | undefined;
      act(() => {
        run = hook.result.current.processAll(files.slice(0, 2), defaultSettings, 'session-1');
      });
      await act(async () => {
        await vi.advanceTimersByTimeAsync(300_000);
        await run;
      });
      // Five waits of 60 s, six tries; then the file fails with a true message and the batch goes on.
      expect(upload.mock.calls.filter(([request]) => request.file.name === 'a.jpg')).toHaveLength(6);
      const failed = states.filter(({ state }) => state.kind === 'failed');
      expect(failed.map(({ id }) => id)).toEqual(['a']);
      const error = (failed[0]!.state as { error: ApiError }).error;
      expect(error).toMatchObject({ code: 'server_busy', params: { reason: 'stayed' } });
      expect(processed).toEqual(['b']);
    });

    it('Cancel ends the wait: the waiting file goes back to unsent and the next files do not start', async () => {
      upload.mockRejectedValue(busy(30));
      const { hook, states } = renderQueue();
      let run: Promise<void> | undefined;
      act(() => {
        run = hook.result.current.processAll(files, defaultSettings, 'session-1');
      });
      await act(() => vi.advanceTimersByTimeAsync(1_000));
      expect(states.at(-1)).toEqual({ id: 'a', state: { kind: 'busy', seconds: 30 } });
      await act(async () => {
        hook.result.current.cancel();
        await run;
      });
      expect(upload).toHaveBeenCalledTimes(1);
      expect(states.at(-1)).toEqual({ id: 'a', state: { kind: 'idle' } });
      expect(states.some(({ state }) => state.kind === 'failed')).toBe(false);
      expect(hook.result.current.busy).toBe(false);
    });

    it.each(['still_running', 'not_processed'])(
      'does not send again a file whose job is %s (processed twice, or a file that kills workers sent round them)',
      async (reason) => {
        upload.mockRejectedValueOnce(new ApiError(503, 'server_busy', 'Not now.', {}, { reason }, {}, 30)).mockResolvedValue(record('a'));
        const { hook, states, processed } = renderQueue();
        let run: Promise<void> | undefined;
        act(() => {
          run = hook.result.current.processAll(files.slice(0, 1), defaultSettings, 'session-1');
        });
        await act(async () => {
          await vi.advanceTimersByTimeAsync(60_000);
          await run;
        });
        expect(upload).toHaveBeenCalledTimes(1);
        expect(processed).toEqual([]);
        expect(states.at(-1)?.state.kind).toBe('failed');
      },
    );
  });
});
