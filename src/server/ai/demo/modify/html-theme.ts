/** Sets `data-theme` on the document's <html> tag (added when missing). */
export function setHtmlTheme(html: string, theme: string): string {
  return html.replace(/<html\b[^>]*>/i, (tag) => {
    if (/\sdata-theme\s*=\s*"[^"]*"/i.test(tag))
      return tag.replace(/(\sdata-theme\s*=\s*)"[^"]*"/i, `$1"${theme}"`);
    return tag.replace(/^<html/i, `<html data-theme="${theme}"`);
  });
}

export function readHtmlTheme(html: string): string | undefined {
  return /<html\b[^>]*\sdata-theme\s*=\s*"([^"]*)"/i.exec(html)?.[1];
}
