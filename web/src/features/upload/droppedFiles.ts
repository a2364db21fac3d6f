/** A file the user picked, with where it sat inside a chosen or dropped folder ('' when picked alone). */
export interface PickedFile {
  file: File;
  relativePath: string;
}

/** Files in a folder walked here at most: far above a premium selection, low enough not to stall the tab. */
const MAX_WALKED = 2000;

function readAllEntries(reader: FileSystemDirectoryReader): Promise<FileSystemEntry[]> {
  // readEntries answers in pages (100 in Chromium) until it returns none.
  return new Promise((resolve, reject) => {
    const all: FileSystemEntry[] = [];
    const page = () =>
      reader.readEntries((entries) => {
        if (entries.length === 0) return resolve(all);
        all.push(...entries);
        page();
      }, reject);
    page();
  });
}

async function walk(entry: FileSystemEntry, into: PickedFile[]): Promise<void> {
  if (into.length >= MAX_WALKED) return;
  if (entry.isFile) {
    const file = await new Promise<File>((resolve, reject) => (entry as FileSystemFileEntry).file(resolve, reject));
    into.push({ file, relativePath: entry.fullPath.replace(/^\/+/, '') });
    return;
  }
  if (entry.isDirectory) {
    const children = await readAllEntries((entry as FileSystemDirectoryEntry).createReader());
    children.sort((a, b) => a.name.localeCompare(b.name, undefined, { numeric: true }));
    for (const child of children) await walk(child, into);
  }
}

/**
 * What a drop holds: plain files as they are, and the files inside dropped folders with their paths,
 * in name order. Entries must be taken from the items before the first await: the browser empties the
 * drop's data once the event handler returns.
 */
export async function droppedFiles(data: DataTransfer): Promise<PickedFile[]> {
  const entries = Array.from(data.items ?? [])
    .filter((item) => item.kind === 'file')
    .map((item) => item.webkitGetAsEntry?.() ?? null);
  const plain = Array.from(data.files);
  if (entries.length === 0 || entries.some((entry) => entry === null) || !entries.some((entry) => entry!.isDirectory)) {
    return plain.map((file) => ({ file, relativePath: '' }));
  }
  const picked: PickedFile[] = [];
  for (const entry of entries) {
    if (entry!.isDirectory) await walk(entry!, picked);
    // A file dropped beside folders is not inside one.
    else
      picked.push({
        file: await new Promise<File>((resolve, reject) => (entry as FileSystemFileEntry).file(resolve, reject)),
        relativePath: '',
      });
  }
  return picked;
}

/** Files from a folder chooser (`webkitdirectory`): the browser gives each its path inside the folder. */
export function chosenFiles(list: FileList | null): PickedFile[] {
  return Array.from(list ?? [], (file) => ({ file, relativePath: file.webkitRelativePath ?? '' }));
}
