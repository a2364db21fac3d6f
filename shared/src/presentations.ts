import { z } from 'zod';
import { deckTargets } from './deck-files.js';

export const deckTargetSchema = z.enum(deckTargets);

/** The multipart text fields of POST /api/presentations/process, beside the `file` part. */
export const presentationFieldsSchema = z.object({
  target: z
    .string()
    .optional()
    .default('screen')
    .transform((value) => (value.trim() === '' ? 'screen' : value.trim()))
    .pipe(deckTargetSchema),
});
export type PresentationFields = z.input<typeof presentationFieldsSchema>;

/** What the optimiser did to a deck's media, for the results list and the history. */
export const deckReportSchema = z.object({
  target: deckTargetSchema,
  /** The upload was a PowerPoint 97–2003 .ppt, converted to .pptx first. */
  convertedFromPpt: z.boolean(),
  /** Embedded pictures found (each stored picture once, however many slides show it). */
  pictures: z.number().int(),
  /** Made smaller in pixels to the largest size a slide shows them at. */
  resized: z.number().int(),
  /** Encoded again in their own format. */
  recompressed: z.number().int(),
  /** Changed format: opaque PNG photos to JPEG, TIFF to JPEG or PNG. */
  converted: z.number().int(),
  /** Pictures kept as they were: already small, a format we do not rewrite, or turned by EXIF. */
  leftAlone: z.number().int(),
  /** Pictures linked from outside the deck: not in the file, nothing to do. */
  linked: z.number().int(),
  /** EMF, WMF and SVG drawings, kept as they are. */
  vector: z.number().int(),
  /** Sound and video, kept as they are. */
  audioVideo: z.number().int(),
  /** Media files no slide, layout or master refers to: removed. */
  unusedDropped: z.number().int(),
});
export type DeckReport = z.infer<typeof deckReportSchema>;

export const PPTX_MIME_TYPE = 'application/vnd.openxmlformats-officedocument.presentationml.presentation';
