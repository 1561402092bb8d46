import { describe, expect, it } from 'vitest';
import { fullscreenUrl, pagePreviewHosts, previewHostUrl, webcontainerHostUrl } from './preview-addresses.ts';

const page = { protocol: 'http:', host: 'kiln.test:3000', hostname: 'kiln.test', port: '3000' };

describe('spec §2 preview addresses', () => {
  it('default: preview.{host} and webcontainer.{host} under the page’s host and port', () => {
    expect(previewHostUrl('c', 2, page)).toBe('http://c-2.preview.kiln.test:3000');
    expect(webcontainerHostUrl('c', 2, page)).toBe('http://c-2.webcontainer.kiln.test:3000');
    expect(pagePreviewHosts({ ...page, host: 'kiln.test', port: '' }).preview).toBe('preview.kiln.test');
  });

  it('KILN_PREVIEW_HOST (the hosts the server put in the page): a domain of their own', () => {
    const hosts = { preview: 'kiln-preview.test', webcontainer: 'webcontainer.kiln-preview.test' };
    expect(previewHostUrl('c', 2, page, hosts)).toBe('http://c-2.kiln-preview.test:3000');
    expect(webcontainerHostUrl('c', 2, { ...page, protocol: 'https:', port: '' }, hosts)).toBe(
      'https://c-2.webcontainer.kiln-preview.test',
    );
  });

  it('fullscreen: the webcontainer host, with the token of the address the server gave (private chats)', () => {
    expect(fullscreenUrl('c', 2, 'http://c-2.preview.kiln.test:3000/', page)).toBe(
      'http://c-2.webcontainer.kiln.test:3000/',
    );
    expect(fullscreenUrl('c', 2, 'http://c-2.preview.kiln.test:3000/?token=a.b-c', page)).toBe(
      'http://c-2.webcontainer.kiln.test:3000/?token=a.b-c',
    );
    expect(fullscreenUrl('c', 2, null, page)).toBe('http://c-2.webcontainer.kiln.test:3000/');
  });
});
