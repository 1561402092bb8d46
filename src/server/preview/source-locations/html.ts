import { parse, type DefaultTreeAdapterTypes } from 'parse5';
import { htmlAttributeValue, LOCATION_ATTRIBUTE, locationValue } from './location.ts';

type Node = DefaultTreeAdapterTypes.Node;
type Element = DefaultTreeAdapterTypes.Element;

/** Elements that are not drawn, or hold no markup of the page: never worth pointing at. */
const NOT_SHOWN = new Set([
  'html',
  'head',
  'meta',
  'link',
  'title',
  'base',
  'script',
  'style',
  'noscript',
  'template',
]);

/**
 * The line map of an HTML version's page (issue 17 item 2): every element of its body gets
 * `data-kiln-loc="file:line:column"` of its start tag, read by parse5 (the HTML standard's
 * parser, so the locations are those of the markup as the browser reads it). Only the preview
 * host serves pages so marked; the zip, the push and a deployment use the snapshot as written.
 * The attribute goes right after the tag's name, so the page's text keeps its lines.
 */
export function addHtmlLocations(html: string, file: string): string {
  const inserts: { at: number; text: string }[] = [];
  const visit = (node: Node) => {
    if ('tagName' in node) {
      const element = node as Element;
      const start = element.sourceCodeLocation?.startTag;
      if (
        start &&
        !NOT_SHOWN.has(element.tagName) &&
        !element.attrs.some((a) => a.name === LOCATION_ATTRIBUTE)
      ) {
        const value = htmlAttributeValue(locationValue(file, start.startLine, start.startCol));
        inserts.push({
          at: start.startOffset + 1 + element.tagName.length,
          text: ` ${LOCATION_ATTRIBUTE}="${value}"`,
        });
      }
    }
    if ('childNodes' in node) for (const child of node.childNodes) visit(child);
  };
  visit(parse(html, { sourceCodeLocationInfo: true }));
  inserts.sort((a, b) => b.at - a.at);
  let out = html;
  for (const insert of inserts) out = out.slice(0, insert.at) + insert.text + out.slice(insert.at);
  return out;
}
