// What PowerPoint mode offers and accepts, without zod: /powerpoint shows it on its first load (docs/decisions/0283).

/**
 * How much picture detail a deck keeps (docs/decisions/0040-deck-targets-and-picture-sizes.md):
 * screen — the slide shown 1920 px wide; print — 220 dpi at the size shown; smallest — 150 dpi, never more than screen.
 */
export const deckTargets = ['screen', 'print', 'smallest'] as const;
export type DeckTarget = (typeof deckTargets)[number];

/** The file types PowerPoint mode accepts, .pptx and .ppt (docs/decisions/0041, 0044): a type that says powerpoint, or a .ppt/.pptx name. */
export function isPresentationFile(file: { name: string; type: string }): boolean {
  return file.type.toLowerCase().includes('powerpoint') || file.type.includes('presentationml') || /\.pptx?$/i.test(file.name);
}
