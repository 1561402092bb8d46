import {
  ELEMENT_SELECTED_MESSAGE,
  MAX_SELECTION_HTML,
  SELECT_CANCEL_MESSAGE,
  SELECT_MODE_MESSAGE,
  TEXT_EDIT_MESSAGE,
} from '../../../core/preview/select-messages.ts';
import { MAX_EDITED_TEXT } from '../../../core/preview/text-edit.ts';
import { LOCATION_ATTRIBUTE } from '../source-locations/index.ts';

/** A value inside an inline script: JSON, with `<` escaped so no `</script>` can end it. */
const inScript = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * The Select tool's side in a framed preview (issue 17 item 2). Only the preview host serves it
 * (never a deployment, never the zip). When the editor — and only a message from the parent
 * window and the app's origin — turns it on, it outlines the marked element under the pointer
 * (`data-kiln-loc`, written by the preview build or the HTML line map) and, on click, posts that
 * element's location, tag and outer HTML (capped) to the app's origin alone. Clicks are swallowed
 * while selecting, so a button selected is not also pressed. A convenience, not a boundary: the
 * page's own scripts run on this origin too, so the editor validates and caps what it receives.
 *
 * Edit text in place: double-clicking the selected element, when it holds text only, makes it
 * editable (plain text); Enter posts its text before and after to the editor, Escape or leaving
 * it puts the text back.
 */
export function selectBridgeScript(editorOrigin: string): string {
  const names = {
    editor: editorOrigin,
    attribute: LOCATION_ATTRIBUTE,
    mode: SELECT_MODE_MESSAGE,
    selected: ELEMENT_SELECTED_MESSAGE,
    cancel: SELECT_CANCEL_MESSAGE,
    text: TEXT_EDIT_MESSAGE,
    max: MAX_SELECTION_HTML,
    maxText: MAX_EDITED_TEXT,
  };
  return `<script data-kiln-preview>(function(){if(window.parent===window)return;var K=${inScript(names)};
var on=false,box=null,tag=null,picked=null,editing=null,sel='['+K.attribute+']';
function post(m){try{parent.postMessage(m,K.editor)}catch(x){}}
function marked(e){var t=e.target;return t&&t.closest?t.closest(sel):null}
function draw(el){if(!el){if(box)box.style.display='none';return}if(!box){box=document.createElement('div');box.setAttribute('data-kiln-select-overlay','');
box.style.cssText='position:fixed;z-index:2147483647;pointer-events:none;box-sizing:border-box;border:2px solid #2563eb;background:rgba(37,99,235,.12);border-radius:3px;display:none';
tag=document.createElement('div');tag.style.cssText='position:absolute;left:-2px;font:500 11px/18px system-ui,sans-serif;color:#fff;background:#2563eb;padding:0 6px;border-radius:3px;white-space:nowrap';
box.appendChild(tag);document.documentElement.appendChild(box)}
var r=el.getBoundingClientRect();
box.style.display='block';box.style.left=r.left+'px';box.style.top=r.top+'px';box.style.width=r.width+'px';box.style.height=r.height+'px';
var loc=el.getAttribute(K.attribute)||'';tag.textContent='<'+el.tagName.toLowerCase()+'> '+loc.replace(/:\\d+$/,'');tag.style.top=r.top<20?'100%':'-20px'}
function move(e){if(on)draw(marked(e))}
function swallow(e){if(!on)return;e.preventDefault();e.stopPropagation();e.stopImmediatePropagation()}
function where(el){return /^(.+):(\\d+):(\\d+)$/.exec(el.getAttribute(K.attribute)||'')}
function pick(e){if(!on)return;swallow(e);var el=marked(e);if(!el)return;
var m=where(el);if(!m)return;picked=el;
var html=el.outerHTML.replace(/ data-kiln-loc="[^"]*"/g,'').slice(0,K.max);
post({type:K.selected,file:m[1],line:+m[2],column:+m[3],tagName:el.tagName.toLowerCase(),outerHTML:html})}
function mode(next){on=next;document.documentElement.style.cursor=on?'crosshair':'';if(!on)draw(null)}
window.addEventListener('message',function(e){if(e.source!==parent||e.origin!==K.editor)return;var d=e.data;
if(d&&d.type===K.mode)mode(d.on===true)});
window.addEventListener('pointermove',move,true);window.addEventListener('click',pick,true);
['pointerdown','mousedown','pointerup','mouseup','dblclick','submit'].forEach(function(n){window.addEventListener(n,swallow,true)});
function done(save){var el=editing;if(!el)return;editing=null;el.removeAttribute('contenteditable');el.style.outline=el.dataset.kilnOutline||'';
var before=el.dataset.kilnText||'',after=el.textContent||'';if(!save||after===before){el.textContent=before;return}
var m=where(el);if(m)post({type:K.text,file:m[1],line:+m[2],column:+m[3],before:before.slice(0,K.maxText),after:after.slice(0,K.maxText)})}
window.addEventListener('dblclick',function(e){if(on||editing||!picked||marked(e)!==picked||picked.children.length>0)return;
e.preventDefault();e.stopPropagation();var el=picked;el.dataset.kilnText=el.textContent||'';el.dataset.kilnOutline=el.style.outline;
el.setAttribute('contenteditable','plaintext-only');el.style.outline='2px solid #2563eb';editing=el;el.focus();
var r=document.createRange();r.selectNodeContents(el);var s=getSelection();if(s){s.removeAllRanges();s.addRange(r)}
el.addEventListener('blur',function(){done(false)},{once:true})},true);
window.addEventListener('keydown',function(e){if(editing&&(e.key==='Enter'||e.key==='Escape')){e.preventDefault();e.stopPropagation();done(e.key==='Enter');return}
if(on&&e.key==='Escape'){mode(false);post({type:K.cancel})}},true);
window.addEventListener('scroll',function(){if(on)draw(null)},true);})();</script>`;
}
