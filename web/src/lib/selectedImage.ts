/** Where a selected file is on its way to the server; shared by the file list and the queue. */
export type UploadState =
  | { kind: 'idle' }
  | { kind: 'uploading'; percent: number }
  | { kind: 'processing' }
  /** The server answered busy: the file is sent again by itself in `seconds` (docs/decisions/0162). */
  | { kind: 'busy'; seconds: number }
  | { kind: 'failed'; error: unknown };

/** A file the user picked, with what the browser could read of it. */
export interface SelectedImage {
  id: string;
  file: File;
  /** 0 when the browser cannot decode the file (for example TIFF). */
  width: number;
  height: number;
  /** Whether the browser could decode it: unknown (undefined) while it is still being read. */
  readable?: boolean;
  format: string;
  state: UploadState;
  /** Where it sat in a chosen folder ("Trip/Day 1/a.jpg"), '' when chosen alone; the batch's ZIP keeps it. */
  relativePath: string;
  /** A small preview made in the browser (object URL), once read. */
  thumbnail?: string | null;
}
