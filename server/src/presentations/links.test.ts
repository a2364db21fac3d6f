import { describe, expect, it } from 'vitest';
import { entriesOf, structuralProblems, zipOf } from '../../test/decks.js';
import { fixture } from '../../test/helpers.js';
import { dropExternalLinks } from './links.js';

const IMAGE = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/image';
const HYPERLINK = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/hyperlink';

describe('links to outside a converted deck', () => {
  it('drops linked pictures and the references to them, keeps hyperlinks and everything else', async () => {
    const entries = await entriesOf(await fixture('decks/libreoffice5.pptx'));
    const rels = 'ppt/slides/_rels/slide1.xml.rels';
    const slide = 'ppt/slides/slide1.xml';
    entries[rels] = Buffer.from(
      entries[rels]!.toString().replace(
        '</Relationships>',
        `<Relationship Id="rId9" Type="${IMAGE}" Target="http://127.0.0.1:9/x.png" TargetMode="External"/><Relationship Id="rId10" Type="${HYPERLINK}" Target="https://example.com/" TargetMode="External"/></Relationships>`,
      ),
    );
    const picture =
      '<p:pic><p:nvPicPr><p:cNvPr id="9" name="Linked"/><p:cNvPicPr/><p:nvPr/></p:nvPicPr><p:blipFill><a:blip r:link="rId9"/></p:blipFill><p:spPr/></p:pic>';
    entries[slide] = Buffer.from(entries[slide]!.toString().replace('</p:spTree>', `${picture}</p:spTree>`));
    const deck = await zipOf(entries);

    const after = await entriesOf(await dropExternalLinks(deck));
    expect(after[rels]!.toString()).not.toContain('127.0.0.1');
    expect(after[rels]!.toString()).toContain('https://example.com/');
    expect(after[slide]!.toString()).toContain('<a:blip/>');
    expect(after[slide]!.toString()).toContain('<p:cNvPr id="9" name="Linked"/>');
    expect(after['ppt/media/image1.png']).toEqual(entries['ppt/media/image1.png']);
    expect(await structuralProblems(await zipOf(after))).toEqual(await structuralProblems(deck));
  });

  it('gives a deck without external targets back unchanged', async () => {
    const deck = await fixture('decks/libreoffice5.pptx');
    expect((await dropExternalLinks(deck)).equals(deck)).toBe(true);
  });
});
