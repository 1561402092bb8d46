import { PREVIEW_BLOCKED_MESSAGE } from '../../../core/preview/frame-messages.ts';
import { runtimeErrorBridgeScript } from './runtime-error-bridge.ts';
import { selectBridgeScript } from './select-bridge.ts';

/**
 * Scripts every preview page gets first in its <head>, HTML versions and built frameworks alike
 * (decision 0038). They act only when the page is framed by the editor.
 */

/**
 * Posts external link clicks to the editor instead of following them, when the page is framed
 * (spec §2 "Fullscreen": external links are blocked). A convenience, not a boundary: the page
 * runs on an origin of its own, which is what keeps it away from the app.
 */
const LINK_GUARD = `<script data-kiln-preview>(function(){if(window.parent===window)return;
document.addEventListener('click',function(e){var t=e.target;var a=t&&t.closest?t.closest('a[href]'):null;if(!a)return;
var u;try{u=new URL(a.href,location.href)}catch(x){return}if(u.origin===location.origin)return;
e.preventDefault();try{parent.postMessage({type:'${PREVIEW_BLOCKED_MESSAGE}',href:a.getAttribute('href')},'*')}catch(x){}},true);})();</script>`;

/**
 * A framed preview is a third party to the editor: a browser that blocks third-party storage
 * (Chrome with third-party cookies blocked, incognito windows) denies it localStorage and
 * sessionStorage, and a page that saves its data throws on its first line. There, each gets an
 * in-memory Storage for the page's life, so the app works (without keeping its data across
 * reloads — opened in its own tab it keeps them).
 */
const STORAGE_FALLBACK = `<script data-kiln-preview>(function(){if(window.parent===window)return;
['localStorage','sessionStorage'].forEach(function(name){try{window[name].length;return}catch(x){}
var d=new Map();var s={get length(){return d.size},key:function(i){var k=Array.from(d.keys())[i];return k===undefined?null:k},
getItem:function(k){k=String(k);return d.has(k)?d.get(k):null},setItem:function(k,v){d.set(String(k),String(v))},
removeItem:function(k){d.delete(String(k))},clear:function(){d.clear()}};
try{Object.defineProperty(window,name,{value:s,configurable:true})}catch(x){}});})();</script>`;

const FRAME_SCRIPTS = STORAGE_FALLBACK + LINK_GUARD;

/**
 * The frame scripts first in <head> (or after <html> / the doctype: before it would mean quirks
 * mode). With the app's origin, the Select tool's bridge too (issue 17 item 2), and the runtime
 * errors bridge (issue 19 item 4), first so it sees the page's own first errors.
 */
export function withFrameScripts(html: string, editorOrigin?: string): string {
  const bridges = editorOrigin
    ? runtimeErrorBridgeScript(editorOrigin) + selectBridgeScript(editorOrigin)
    : '';
  // On one line: the page's own lines keep their numbers, so an error's `index.html:8` is the
  // author's line 8 (the scripts end their statements with semicolons, never with a newline).
  const scripts = (FRAME_SCRIPTS + bridges).replace(/\n/g, '');
  const anchor = /<head\b[^>]*>/i.exec(html) ?? /<html\b[^>]*>/i.exec(html) ?? /<!doctype[^>]*>/i.exec(html);
  if (!anchor) return scripts + html;
  const at = anchor.index + anchor[0].length;
  return html.slice(0, at) + scripts + html.slice(at);
}
