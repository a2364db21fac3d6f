import { isPresentationFile } from '@lightpix/shared';

export type DeckRejection = { name: string; reason: 'type' | 'size' | 'count' };

/** The picker's filter: PowerPoint files by type or name (isPresentationFile in @lightpix/shared), the plan's size, the plan's count per selection. */
export const deckAccept =
  '.ppt,.pptx,application/vnd.ms-powerpoint,application/vnd.openxmlformats-officedocument.presentationml.presentation';

export function selectDecks(files: readonly File[], limits: { maxBytes: number; count: number }) {
  const accepted: File[] = [];
  const rejected: DeckRejection[] = [];
  for (const file of files) {
    if (!isPresentationFile(file)) rejected.push({ name: file.name, reason: 'type' });
    else if (file.size > limits.maxBytes) rejected.push({ name: file.name, reason: 'size' });
    else if (accepted.length >= limits.count) rejected.push({ name: file.name, reason: 'count' });
    else accepted.push(file);
  }
  return { accepted, rejected };
}
