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
    // LibreOffice writes [Content_Types].xml last, as in this deck: the result has it first and no other problem.
    expect(await structuralProblems(deck)).toEqual(['[Content_Types].xml is not the first entry']);
    expect(Object.keys(after)[0]).toBe('[Content_Types].xml');
    expect(await structuralProblems(await zipOf(after))).toEqual([]);
  });

  it("drops references to no relationship that LibreOffice writes, and keeps an action link's empty r:id", async () => {
    const entries = await entriesOf(await fixture('decks/libreoffice5.pptx'));
    const slide = 'ppt/slides/slide1.xml';
    const picture =
      '<p:pic><p:nvPicPr><p:cNvPr id="40" name="linked" descr=""><a:hlinkClick r:id="" action="ppaction://hlinkshowjump?jump=nextslide"/></p:cNvPr><p:cNvPicPr/><p:nvPr/></p:nvPicPr><p:blipFill><a:blip r:embed=""></a:blip><a:stretch/></p:blipFill><p:spPr/></p:pic>';
    entries[slide] = Buffer.from(entries[slide]!.toString().replace('</p:spTree>', `${picture}</p:spTree>`));
    const deck = await zipOf(entries);

    const after = await entriesOf(await dropExternalLinks(deck));
    expect(after[slide]!.toString()).toContain('<a:blip></a:blip>');
    expect(after[slide]!.toString()).not.toContain('r:embed=""');
    expect(after[slide]!.toString()).toContain('<a:hlinkClick r:id="" action=');
    expect(await structuralProblems(await zipOf(after))).toEqual([]);
  });

  it('gives a deck without external targets back unchanged, and only puts its content types first otherwise', async () => {
    const lastTypes = await fixture('decks/libreoffice5.pptx');
    const { '[Content_Types].xml': types, ...rest } = await entriesOf(lastTypes);
    const deck = await zipOf({ '[Content_Types].xml': types!, ...rest });
    expect((await dropExternalLinks(deck)).equals(deck)).toBe(true);
    const reordered = await entriesOf(await dropExternalLinks(lastTypes));
    expect(Object.keys(reordered)).toEqual(Object.keys(await entriesOf(deck)));
    for (const [name, data] of Object.entries(reordered)) expect(data.equals(rest[name] ?? types!)).toBe(true);
  });
});
