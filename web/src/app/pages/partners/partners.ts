/** Partner categories; their labels are translated under partners.category. */
export const partnerCategories = ['gaming', 'audioTools', 'pdfTools', 'webTools', 'education'] as const;
export type PartnerCategory = (typeof partnerCategories)[number];

export interface Partner {
  /** Also the key of the translated description under partners.items. */
  id: string;
  name: string;
  url: string;
  category: PartnerCategory;
}

/** An editorial list of free tools we recommend; nobody pays to be here (decision 0017). */
export const partners: readonly Partner[] = [
  { id: 'itchio', name: 'itch.io', url: 'https://itch.io/', category: 'gaming' },
  { id: 'lichess', name: 'Lichess', url: 'https://lichess.org/', category: 'gaming' },
  { id: 'audacity', name: 'Audacity', url: 'https://www.audacityteam.org/', category: 'audioTools' },
  { id: 'freesound', name: 'Freesound', url: 'https://freesound.org/', category: 'audioTools' },
  { id: 'pdf24', name: 'PDF24 Tools', url: 'https://tools.pdf24.org/', category: 'pdfTools' },
  { id: 'pdfsam', name: 'PDFsam Basic', url: 'https://pdfsam.org/', category: 'pdfTools' },
  { id: 'mdn', name: 'MDN Web Docs', url: 'https://developer.mozilla.org/', category: 'webTools' },
  { id: 'caniuse', name: 'Can I use', url: 'https://caniuse.com/', category: 'webTools' },
  { id: 'khanAcademy', name: 'Khan Academy', url: 'https://www.khanacademy.org/', category: 'education' },
  { id: 'freeCodeCamp', name: 'freeCodeCamp', url: 'https://www.freecodecamp.org/', category: 'education' },
];
